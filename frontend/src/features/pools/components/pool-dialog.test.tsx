import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const SLOW = { timeout: 5000 };

describe('pool modal', () => {
  it('requires a name and a search or design, then saves the pool', async () => {
    const user = userEvent.setup();
    setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
    const saved: unknown[] = [];
    const counted: unknown[] = [];
    server.use(
      http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
      http.post('*/service/admin/pool/all', () => HttpResponse.json([])),
      http.get('*/service/admin/get/all-labels', () => HttpResponse.json([])),
      http.get('*/service/admin/get/all-archives', () => HttpResponse.json([{ archiveId: 1, archiveName: 'Main archive' }])),
      http.post('*/service/admin/pool/count', async ({ request }) => {
        counted.push(await request.json());
        return HttpResponse.json({ count: 42 });
      }),
      http.post('*/service/admin/pool/search', () =>
        HttpResponse.json({ results: [{ designGuid: 'd-1', designName: '01-0559', thumbnail: '/service/design/thumbnail/d/v/d-1/c-1' }], totalCount: 42, totalPage: 2, currentPage: 0 }),
      ),
      http.post('*/service/admin/pool/insert', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        saved.push(body);
        return HttpResponse.json({ uniqueid: 'p-1', name: body.name, description: '', searches: [], designs: [], wearGuids: [], memberCount: 42, userCount: 0, updatedAt: '2025-01-02T10:00:00Z' });
      }),
    );
    renderApp('/admin/pools');
    await user.click(await screen.findByRole('button', { name: 'Create pool' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Create pool' });
    await user.click(within(dialog).getByRole('button', { name: 'Save pool' }));

    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('You must specify a name.');
    expect(within(dialog).getByTestId('pool-empty')).toHaveTextContent('You must add at least 1 search or design.');
    expect(saved).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Spring');
    await user.click(within(dialog).getByRole('button', { name: 'Add search' }));
    await user.click(within(dialog).getByLabelText('Design number starts with'));
    await user.paste('01-');
    await user.click(within(dialog).getByRole('switch', { name: 'Confined designs too' }));
    expect(await within(dialog).findByText('Search 1 admits 42 designs.', undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '01-0559' })).toBeInTheDocument();
    await waitFor(() => expect(counted.at(-1)).toMatchObject({ designNumber: '01-', allowConfinedDesigns: true }), SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Save pool' }));

    expect(await screen.findByText('The pool Spring was saved.')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        name: 'Spring',
        description: '',
        dtos: [
          {
            designNumber: '01-',
            allowedArchive: null,
            allowedScreenStatus: [],
            allowedScreenCounts: [],
            allowedLabels: [],
            forbiddenLabels: [],
            allowedCustomers: [],
            forbiddenCustomers: [],
            allowedYears: [],
            allowOwnDesigns: false,
            allowConfinedDesigns: true,
            allowUnlabeledDesigns: true,
          },
        ],
        extraGuids: [],
        wearGuids: [],
      },
    ]);
  });
});
