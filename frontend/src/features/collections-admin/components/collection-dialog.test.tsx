import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { node, signInAdmin, SLOW } from '../testing/fixtures';
import type { CollectionNode } from '../types';

type Sent = { method: string; fields: [string, string][] };

const BANNER = 'Show as a banner on the archive';

/**
 * An admin on /admin/collections/{id} with one collection (4, `collection`) holding one
 * sub-collection (5); every PUT and PATCH of a collection is recorded and answered with `answer`.
 */
function openCollections(id: number, collection: Partial<CollectionNode> = {}, answer?: () => Response) {
  signInAdmin();
  const sub = node({ id: 5, parentId: 4, name: 'Beach moods', kind: 'mood' });
  const tree = [node({ id: 4, name: 'Summer 2026', stockPages: [], subCollections: [sub], ...collection })];
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const fields = [...(await request.formData()).entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`] as [string, string]);
    sent.push({ method: request.method, fields });
    const name = fields.find(([key]) => key === 'name')?.[1] ?? 'Saved';
    return answer?.() ?? HttpResponse.json(node({ id: 30, name }), { status: request.method === 'PUT' ? 201 : 200 });
  };
  server.use(
    http.get('*/service/admin/new-collection/all', () => HttpResponse.json(tree)),
    http.get('*/service/admin/new-collection/5', () => HttpResponse.json({ ...sub, images: [], groups: [] })),
    http.get('*/service/admin/new-collection/30', () => HttpResponse.json({ ...node({ id: 30, name: 'Saved' }), images: [], groups: [] })),
    http.put('*/service/admin/new-collection', ({ request }) => record(request)),
    http.patch('*/service/admin/new-collection', ({ request }) => record(request)),
  );
  const user = userEvent.setup();
  return { user, sent, ...renderApp(`/admin/collections/${id}`) };
}

describe('admin collections: a collection as a banner atop the archive', () => {
  it('creates a collection with the banner switch on: `isBanner=true` in the form, explained under the switch', async () => {
    const { user, sent } = openCollections(4);
    const panel = await screen.findByTestId('collection-panel', {}, SLOW);
    expect(within(panel).queryByTestId('banner-chip')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New collection' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });

    await user.type(within(dialog).getByLabelText(/^Name/), 'Autumn 2026');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Warm tones');
    const banner = within(dialog).getByLabelText(BANNER);
    expect(banner).not.toBeChecked();
    expect(banner).toHaveAccessibleDescription(/at the top of the archive for everyone who sees the collection/);
    await user.click(banner);
    expect(banner).toBeChecked();
    // Node's File: the test environment's FormData takes only that one.
    const cover = new NodeFile([new Uint8Array(16)], 'cover.jpg', { type: 'image/jpeg' }) as unknown as File;
    fireEvent.change(within(dialog).getByTestId('thumbnail-input'), { target: { files: [cover] } });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Autumn 2026 was created.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        fields: [
          ['name', 'Autumn 2026'],
          ['description', 'Warm tones'],
          ['isActive', 'true'],
          ['isBanner', 'true'],
          ['thumbnailImage', 'file:cover.jpg'],
        ],
      },
    ]);
  });

  it('shows a banner collection’s switch on when editing it, and sends `isBanner=false` to take it off the archive', async () => {
    const { user, sent } = openCollections(4, { isBanner: true });
    const panel = await screen.findByTestId('collection-panel', {}, SLOW);
    expect(within(panel).getByTestId('banner-chip')).toHaveTextContent('Banner on the archive');
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection · Summer 2026' });

    const banner = within(dialog).getByLabelText(BANNER);
    expect(banner).toBeChecked();
    await user.click(banner);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Summer 2026 was saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        fields: [
          ['id', '4'],
          ['name', 'Summer 2026'],
          ['description', 'About it'],
          ['isActive', 'true'],
          ['isBanner', 'false'],
        ],
      },
    ]);
  });

  it('offers no banner switch for a sub-collection, new or edited, and sends no `isBanner`', async () => {
    const { user, sent, router } = openCollections(4);
    const panel = await screen.findByTestId('collection-panel', {}, SLOW);
    await user.click(within(panel).getByRole('button', { name: 'New sub-collection' }));
    let dialog = await screen.findByRole('dialog', { name: 'New sub-collection of Summer 2026' });
    expect(within(dialog).queryByLabelText(BANNER)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Prints');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Our picks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Prints was created.')).toBeInTheDocument();

    await act(() => router.navigate('/admin/collections/5'));
    const subPanel = await screen.findByRole('region', { name: 'Beach moods' }, SLOW);
    await user.click(within(subPanel).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit sub-collection · Beach moods' });
    expect(within(dialog).queryByLabelText(BANNER)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Beach moods was saved.')).toBeInTheDocument();

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({
      method: 'PUT',
      fields: [
        ['name', 'Prints'],
        ['description', 'Our picks'],
        ['isActive', 'true'],
        ['subCollectionId', '4'],
      ],
    });
    expect(sent[1]).toEqual({
      method: 'PATCH',
      fields: [
        ['id', '5'],
        ['name', 'Beach moods'],
        ['description', 'About it'],
        ['isActive', 'true'],
      ],
    });
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    const { user } = openCollections(4, {}, () => HttpResponse.json({ code: 'invalid_form', message: 'isBanner: collections only', field: 'isBanner' }, { status: 400 }));
    const panel = await screen.findByTestId('collection-panel', {}, SLOW);
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection · Summer 2026' });
    await user.click(within(dialog).getByLabelText(BANNER));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('error-alert')).toHaveAttribute('data-code', 'invalid_form');
  });
});
