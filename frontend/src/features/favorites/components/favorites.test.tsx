import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { updateClientSettings } from '@/lib/client-settings';
import { setSession } from '@/lib/session';
import { designHeader } from '@/testing/design-header';
import { testUser, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { SearchResult } from '@/types/search';
import type { FavoriteEntry, FavoriteListEntries } from '../types';

// OpenSeadragon needs a canvas, which jsdom lacks: the lazily loaded viewer is replaced.
jest.mock('@/features/design/components/deep-zoom-canvas', () => jest.requireActual('@/features/design/testing/deep-zoom-canvas-mock'));

const SLOW = { timeout: 5000 };

function entry(colorwayGuid: string, listId: string): FavoriteEntry {
  return { designGuid: 'd-1', colorwayGuid, listId, designName: '01-0559', colorwayName: colorwayGuid === 'c-1' ? 'VR-1' : 'VR-2', thumbnail: `/t/${colorwayGuid}`, added: '2026-11-25T10:00:00' };
}

function list(id: string, name: string, entries: FavoriteEntry[] = []): FavoriteListEntries {
  return { id, name, entryCount: entries.length, created: '2026-11-20T10:00:00', entries };
}

/**
 * A server that keeps the user's lists as the real one does (create, add, remove, empty, delete),
 * refusing what `refuse` names; answers the design page; records what was sent.
 */
function favoritesServer(initial: FavoriteListEntries[], refuse: Partial<Record<'add', { status: number; code: string }>> = {}) {
  let lists = structuredClone(initial);
  const sent: { path: string; form: Record<string, string> }[] = [];
  const record = async (path: string, request: Request) => sent.push({ path, form: await formOf(request) });
  const find = (id: string) => lists.find((l) => l.id === id)!;
  const answer = (l: FavoriteListEntries) => HttpResponse.json({ id: l.id, name: l.name, entryCount: l.entries.length, created: l.created });
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())),
    http.post('*/service/design/header', () => HttpResponse.json(designHeader())),
    http.post('*/service/metrics/record', () => new HttpResponse(null, { status: 204 })),
    http.get('*/service/favorites/lists-entries', () => HttpResponse.json(lists.map((l) => ({ ...l, entryCount: l.entries.length })))),
    http.put('*/service/favorites/create', async ({ request }) => {
      await record('create', request);
      const created = list(`l-${lists.length + 1}`, sent.at(-1)!.form.name!);
      lists = [created, ...lists];
      return answer(created);
    }),
    http.put('*/service/favorites/add', async ({ request }) => {
      await record('add', request);
      if (refuse.add) return HttpResponse.json({ code: refuse.add.code, message: 'refused' }, { status: refuse.add.status });
      const form = sent.at(-1)!.form;
      const target = find(form.listid!);
      target.entries = [entry(form.colorwayGuid!, target.id), ...target.entries];
      return answer(target);
    }),
    http.post('*/service/favorites/remove', async ({ request }) => {
      await record('remove', request);
      const form = sent.at(-1)!.form;
      const target = find(form.listid!);
      target.entries = target.entries.filter((e) => e.colorwayGuid !== form.colorwayGuid);
      return answer(target);
    }),
    http.patch('*/service/favorites/empty/:id', ({ params }) => {
      sent.push({ path: 'empty', form: { id: String(params.id) } });
      find(String(params.id)).entries = [];
      return answer(find(String(params.id)));
    }),
    http.get('*/service/search/favorites/:id/:page/:size', ({ params }) => {
      const target = find(String(params.id));
      const results = target.entries.map((e) => card(e));
      return HttpResponse.json({ list: target, results, totalCount: results.length, totalPage: 1, currentPage: 0, pageSize: 50 });
    }),
  );
  return { sent };
}

function card(e: FavoriteEntry): SearchResult {
  return {
    designGuid: e.designGuid,
    designName: e.designName,
    designType: 'digital',
    activeVariantGuid: e.colorwayGuid,
    activeVariantName: e.colorwayName,
    originalVariantGuid: 'c-1',
    originalVariantName: 'VR-1',
    labels: [],
    moldState: 'none',
    isConfined: false,
    pinned: false,
    colorwayCount: 2,
    colorways: [],
    thumbnail: e.thumbnail,
    thumbnails: {},
    colorDistance: null,
  };
}

function signIn() {
  setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
}

describe('favorite lists', () => {
  afterEach(() => {
    cleanup();
    updateClientSettings({ isRememberFavoriteSelection: false, selectedCollection: null });
  });

  it('adds the shown colorway from the design page: a list made in the modal, a tick that adds and removes', async () => {
    const user = userEvent.setup();
    signIn();
    const { sent } = favoritesServer([list('l-1', 'Spring')]);
    renderApp('/design/d-1');
    await user.click(await screen.findByTestId('add-to-list', undefined, SLOW));
    const dialog = within(await screen.findByTestId('add-to-list-dialog'));

    await user.type(dialog.getByTestId('new-list-name'), 'Samples 2027');
    await user.click(dialog.getByTestId('new-list-create'));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['create', 'add']));
    expect(sent[0]!.form).toEqual({ name: 'Samples 2027' });
    expect(sent[1]!.form).toEqual({ listid: 'l-2', designGuid: 'd-1', colorwayGuid: 'c-1' });
    await waitFor(() => expect(dialog.getByRole('checkbox', { name: 'Samples 2027' })).toBeChecked());

    // A tick adds, at once; another click removes.
    const spring = dialog.getByRole('checkbox', { name: 'Spring' });
    await user.click(spring);
    expect(spring).toBeChecked();
    await user.click(spring);
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['create', 'add', 'add', 'remove']));
    await waitFor(() => expect(spring).not.toBeChecked());

    await user.click(dialog.getByTestId('add-to-list-done'));
    expect(await screen.findByTestId('add-to-list')).toHaveTextContent('In 1 list');
    // The app bar counts the lists.
    expect(screen.getByTestId('nav-favorites-count')).toHaveAttribute('data-count', '2');
  });

  it('adds in one click to the remembered list, with an undo', async () => {
    const user = userEvent.setup();
    signIn();
    updateClientSettings({ isRememberFavoriteSelection: true, selectedCollection: 'l-1' });
    const { sent } = favoritesServer([list('l-1', 'Spring')]);
    renderApp('/design/d-1');
    const button = await screen.findByTestId('add-to-list', undefined, SLOW);
    await waitFor(() => expect(button).toHaveTextContent('Add to Spring'));
    await user.click(button);
    expect(await screen.findByText('Added to “Spring”.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ path: 'add', form: { listid: 'l-1', designGuid: 'd-1', colorwayGuid: 'c-1' } });
    await waitFor(() => expect(screen.getByTestId('add-to-list')).toHaveTextContent('In 1 list'));

    await user.click(screen.getByTestId('toast-action'));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['add', 'remove']));
    await waitFor(() => expect(screen.getByTestId('add-to-list')).toHaveTextContent('Add to Spring'));
  });

  it('fills the heart of a result card when its colorway is added, in one click to the remembered list', async () => {
    const user = userEvent.setup();
    signIn();
    updateClientSettings({ isRememberFavoriteSelection: true, selectedCollection: 'l-1' });
    const { sent } = favoritesServer([list('l-1', 'Spring')]);
    server.use(
      http.post('*/service/search/design/basic/:page/:pageSize', () =>
        HttpResponse.json({ results: [card(entry('c-2', 'l-1'))], totalCount: 1, totalPage: 1, currentPage: 0, pageSize: 25 }),
      ),
    );
    renderApp('/');
    const heart = await screen.findByTestId('card-favorite', undefined, SLOW);
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('data-lists', '0');
    await user.click(heart);
    await waitFor(() => expect(screen.getByTestId('card-favorite')).toHaveAttribute('data-lists', '1'));
    expect(sent).toEqual([{ path: 'add', form: { listid: 'l-1', designGuid: 'd-1', colorwayGuid: 'c-2' } }]);
    expect(await screen.findByText('Added to “Spring”.')).toBeInTheDocument();

    // In the list now: the heart opens the modal, where the tick takes it out again.
    await user.click(screen.getByTestId('card-favorite'));
    const dialog = within(await screen.findByTestId('add-to-list-dialog'));
    await user.click(dialog.getByRole('checkbox', { name: 'Spring' }));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['add', 'remove']));
  });

  it('takes an add back when the server refuses it, and says why', async () => {
    const user = userEvent.setup();
    signIn();
    favoritesServer([list('l-1', 'Spring')], { add: { status: 409, code: 'favorite_colorway_present' } });
    renderApp('/design/d-1');
    await user.click(await screen.findByTestId('add-to-list', undefined, SLOW));
    const dialog = within(await screen.findByTestId('add-to-list-dialog'));
    const spring = dialog.getByRole('checkbox', { name: 'Spring' });
    await user.click(spring);
    expect(await screen.findByText('This colorway is already in the list.')).toBeInTheDocument();
    await waitFor(() => expect(spring).not.toBeChecked());
  });

  it('lists the lists with their counts, and says what to do without any', async () => {
    signIn();
    favoritesServer([]);
    const view = renderApp('/favorites');
    expect(await screen.findByTestId('lists-empty', undefined, SLOW)).toHaveTextContent('You have no favorite lists yet');
    view.unmount();

    favoritesServer([list('l-1', 'Spring', [entry('c-1', 'l-1'), entry('c-2', 'l-1')]), list('l-2', 'Autumn')]);
    renderApp('/favorites');
    const cards = await screen.findAllByTestId('favorite-list-card', undefined, SLOW);
    expect(cards.map((c) => within(c).getByTestId('favorite-list-count').textContent)).toEqual(['2 colorways · Nov 20, 2026', '0 colorways · Nov 20, 2026']);
  });

  it('shows a list as cards, removes one at once, and empties the list after asking', async () => {
    const user = userEvent.setup();
    signIn();
    const { sent } = favoritesServer([list('l-1', 'Spring', [entry('c-2', 'l-1'), entry('c-1', 'l-1')])]);
    renderApp('/favorites/l-1');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2), SLOW);
    expect(screen.getByTestId('list-count')).toHaveTextContent('2 colorways');

    await user.click(screen.getAllByTestId('remove-entry')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    expect(sent[0]).toEqual({ path: 'remove', form: { listid: 'l-1', designGuid: 'd-1', colorwayGuid: 'c-2' } });

    await user.click(screen.getByTestId('empty-list'));
    const confirm = within(await screen.findByTestId('confirm-dialog'));
    expect(confirm.getByText('Remove the 1 colorway from “Spring”? The list stays.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Empty the list' }));
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('This list is empty');
    expect(sent.at(-1)).toEqual({ path: 'empty', form: { id: 'l-1' } });
  });
});
