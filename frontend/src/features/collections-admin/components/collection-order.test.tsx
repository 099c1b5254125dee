import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { node, signInAdmin, SLOW } from '../testing/fixtures';
import type { CollectionNode } from '../types';

describe('admin collections: the order of collections and sub-collections', () => {
  /** The tree as the server keeps it: a PATCH with `position` moves the node among its siblings (recorded). */
  function openTree({ refuse = false } = {}) {
    signInAdmin();
    const subs = [node({ id: 11, parentId: 1, name: 'Beach moods', kind: 'mood' }), node({ id: 12, parentId: 1, name: 'Prints', kind: 'design' })];
    let tree = [node({ id: 1, name: 'Summer 2026', stockPages: [], subCollections: subs }), node({ id: 2, name: 'Winter 2026', stockPages: [] }), node({ id: 3, name: 'Basics', stockPages: [] })];
    const sent: [string, string][][] = [];
    const move = (nodes: CollectionNode[], id: number, position: number) => {
      const rest = nodes.filter((other) => other.id !== id);
      rest.splice(position, 0, nodes.find((other) => other.id === id)!);
      return rest.map((other, index) => ({ ...other, position: index }));
    };
    server.use(
      http.get('*/service/admin/new-collection/all', () => HttpResponse.json(tree)),
      http.patch('*/service/admin/new-collection', async ({ request }) => {
        const fields = [...(await request.formData()).entries()].map(([key, value]) => [key, String(value)] as [string, string]);
        sent.push(fields);
        if (refuse) return HttpResponse.json({ code: 'collection_not_found', message: 'gone' }, { status: 404 });
        const id = Number(fields.find(([key]) => key === 'id')![1]);
        const position = Number(fields.find(([key]) => key === 'position')![1]);
        tree = tree.some((collection) => collection.id === id)
          ? move(tree, id, position)
          : tree.map((collection) => ({ ...collection, subCollections: collection.subCollections && move(collection.subCollections, id, position) }));
        return HttpResponse.json(node({ id, name: 'moved', position }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/collections/1');
    return { user, sent };
  }

  const primary = (element: HTMLElement) => element.querySelector('.MuiListItemText-primary')?.textContent;
  const collections = () => screen.getAllByTestId('collection-node').map(primary);
  const subCollections = () => screen.getAllByTestId('sub-collection-node').map(primary);

  it('moves a collection up and down among the collections, at once and with a PATCH of its position', async () => {
    const { user, sent } = openTree();
    await screen.findByTestId('collection-panel', {}, SLOW);
    expect(collections()).toEqual(['Summer 2026', 'Winter 2026', 'Basics']);
    expect(screen.getByRole('button', { name: 'Move collection Summer 2026 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move collection Basics down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move collection Basics up' }));
    expect(collections()).toEqual(['Summer 2026', 'Basics', 'Winter 2026']);
    expect(screen.getByTestId('collection-move-status')).toHaveTextContent('Basics moved to place 2 of 3.');
    // The arrow keeps the focus while its row moves.
    expect(screen.getByRole('button', { name: 'Move collection Basics up' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Move collection Summer 2026 down' }));
    expect(collections()).toEqual(['Basics', 'Summer 2026', 'Winter 2026']);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      [
        ['id', '3'],
        ['position', '1'],
      ],
      [
        ['id', '1'],
        ['position', '1'],
      ],
    ]);
    // The server's order, asked again, is the same.
    await waitFor(() => expect(collections()).toEqual(['Basics', 'Summer 2026', 'Winter 2026']));
  });

  it('moves a sub-collection among its collection’s sub-collections', async () => {
    const { user, sent } = openTree();
    await screen.findByTestId('collection-panel', {}, SLOW);
    expect(subCollections()).toEqual(['Beach moods', 'Prints']);
    expect(screen.getByRole('button', { name: 'Move sub-collection Beach moods up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move sub-collection Prints up' }));
    expect(subCollections()).toEqual(['Prints', 'Beach moods']);
    // The collection's panel lists them in the new order too.
    const panel = screen.getByTestId('collection-panel');
    expect(within(panel).getAllByRole('link').map(primary)).toEqual(['Prints', 'Beach moods']);
    await waitFor(() => expect(sent).toEqual([[['id', '12'], ['position', '0']]]));
  });

  it('puts the tree back and says why when the server refuses the move', async () => {
    const { user, sent } = openTree({ refuse: true });
    await screen.findByTestId('collection-panel', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Move collection Winter 2026 up' }));
    expect(await screen.findByText('The collection was not found. It may have been deleted.', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(collections()).toEqual(['Summer 2026', 'Winter 2026', 'Basics']));
    expect(sent).toHaveLength(1);
  });
});
