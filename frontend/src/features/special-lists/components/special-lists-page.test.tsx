import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { SpecialList } from '../types';

const SLOW = { timeout: 5000 };

/** GET /admin/special-lists as crates/collections/src/dto.rs SpecialListAnswer writes it (designs without thumbnails). */
const seeded: SpecialList[] = [
  { id: 1, names: { tr: 'Sabitlenmiş desenler', en: 'Pinned designs', ru: 'Закреплённые дизайны' }, rule: 'pinned', designCount: 4, designs: [] },
  {
    id: 7,
    names: { tr: 'Fuar seçkisi', en: 'Fair picks', ru: 'Выбор для ярмарки' },
    rule: 'designs',
    designCount: 2,
    designs: [
      { designGuid: 'd-1', designName: '01-0001' },
      { designGuid: 'd-2', designName: '01-0002' },
    ],
  },
];

function openSpecialLists() {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/service', ''), body: await request.json() });
  };
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.get('*/service/admin/special-lists', () => HttpResponse.json(seeded)),
    http.put('*/service/admin/special-lists', async ({ request }) => {
      await record(request);
      const { names } = sent.at(-1)!.body as { names: SpecialList['names'] };
      return HttpResponse.json({ id: 8, names, rule: 'designs', designCount: 0, designs: [] }, { status: 201 });
    }),
    http.put('*/service/admin/special-lists/:id/designs', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...seeded[1], designs: [...seeded[1]!.designs].reverse() });
    }),
  );
  const user = userEvent.setup();
  renderApp('/admin/special-lists');
  return { user, sent };
}

describe('admin special lists', () => {
  it('lists the special lists under the admin menu; only lists of chosen designs are filled and deleted', async () => {
    openSpecialLists();
    const rows = await screen.findAllByTestId('special-list-row', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Special lists' })).toBeInTheDocument();
    expect(screen.getByTestId('app-bar-page')).toHaveTextContent('Special lists');
    expect(rows[0]).toHaveTextContent('Rule: pinned designs');
    expect(within(rows[0]!).queryByRole('button', { name: 'Designs' })).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Delete Pinned designs' })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Chosen designs');
    expect(within(rows[1]!).getByRole('button', { name: 'Designs' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Fair picks' })).toBeInTheDocument();
  });

  it('creates a list named in the three languages, sent as JSON', async () => {
    const { user, sent } = openSpecialLists();
    await screen.findAllByTestId('special-list-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New special list' });
    await user.type(within(dialog).getByLabelText(/Name in English/), 'Best sellers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // Every language is required.
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Name in Turkish/), ' Çok satanlar ');
    await user.type(within(dialog).getByLabelText(/Name in Russian/), 'Хиты');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The list Best sellers was created.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/admin/special-lists', body: { names: { tr: 'Çok satanlar', en: 'Best sellers', ru: 'Хиты' } } }]);
  });

  it('reorders a list’s designs and saves them in order', async () => {
    const { user, sent } = openSpecialLists();
    const rows = await screen.findAllByTestId('special-list-row', {}, SLOW);
    await user.click(within(rows[1]!).getByRole('button', { name: 'Designs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Designs of Fair picks' });
    await user.click(within(dialog).getByRole('button', { name: 'Move 01-0002 up' }));
    expect(within(dialog).getAllByTestId('list-design').map((row) => row.textContent)).toEqual(['01-0002', '01-0001']);
    await user.click(within(dialog).getByRole('button', { name: 'Save designs' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/admin/special-lists/7/designs', body: { designGuids: ['d-2', 'd-1'] } }]));
    expect(await screen.findByText('The designs of Fair picks were saved.')).toBeInTheDocument();
  });
});
