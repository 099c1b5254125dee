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
import type { FavoriteEntry, FavoriteList, FavoriteListEntries } from '../types';

// OpenSeadragon needs a canvas, which jsdom lacks: the lazily loaded viewer is replaced.
jest.mock('@/features/design/components/deep-zoom-canvas', () => jest.requireActual('@/features/design/testing/deep-zoom-canvas-mock'));

const SLOW = { timeout: 5000 };

function entry(colorwayGuid: string, listId: string): FavoriteEntry {
  return { designGuid: 'd-1', colorwayGuid, listId, designName: '01-0559', colorwayName: colorwayGuid === 'c-1' ? 'VR-1' : 'VR-2', thumbnail: `/t/${colorwayGuid}`, added: '2026-11-25T10:00:00Z' };
}

function list(id: string, name: string, entries: FavoriteEntry[] = []): FavoriteListEntries {
  return { id, name, entryCount: entries.length, created: '2026-11-20T10:00:00Z', entries };
}

/** A door a handler waits at until the test opens it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

type Refusal = { status: number; code: string; after?: Promise<void> };

/**
 * A server that keeps the user's lists as the real one does (create, add, remove, empty, delete),
 * refusing what `refuse` names (once `after` opens); answers the design page; records what was
 * sent and every favorites read (`reads`: path and query). `holdReads` keeps the lists' and the
 * colorways' reads waiting until the answered function is called.
 */
function favoritesServer(initial: FavoriteListEntries[], refuse: Partial<Record<'add', Refusal>> = {}) {
  let lists = structuredClone(initial);
  const sent: { path: string; form: Record<string, string> }[] = [];
  const reads: string[] = [];
  let held: Promise<void> | undefined;
  const record = async (path: string, request: Request) => sent.push({ path, form: await formOf(request) });
  const read = async (request: Request) => {
    const url = new URL(request.url);
    reads.push(decodeURIComponent(`${url.pathname.replace('/service', '')}${url.search}`));
    await held;
    return url.searchParams;
  };
  const find = (id: string) => lists.find((l) => l.id === id)!;
  const summary = ({ entries, ...l }: FavoriteListEntries): FavoriteList => ({ ...l, entryCount: entries.length });
  const answer = (l: FavoriteListEntries) => HttpResponse.json(summary(l));
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())),
    http.post('*/service/design/header', () => HttpResponse.json(designHeader())),
    http.post('*/service/metrics/record', () => new HttpResponse(null, { status: 204 })),
    http.get('*/service/favorites/lists-entries', async ({ request }) => (await read(request), HttpResponse.json([]))),
    http.get('*/service/favorites/lists', async ({ request }) => {
      const thumbnails = Number((await read(request)).get('thumbnails') ?? 0);
      return HttpResponse.json(
        lists.map((l) => {
          const shown = l.entries.slice(0, thumbnails).map((e) => e.thumbnail);
          return shown.length > 0 ? { ...summary(l), thumbnails: shown } : summary(l);
        }),
      );
    }),
    http.get('*/service/favorites/colorways', async ({ request }) => {
      const ids = (await read(request)).get('ids')!.split(',');
      const holding = ids.map((id) => ({ colorwayGuid: id, listIds: lists.filter((l) => l.entries.some((e) => e.colorwayGuid === id)).map((l) => l.id) }));
      return HttpResponse.json(holding.filter((h) => h.listIds.length > 0));
    }),
    http.get('*/service/favorites/entries/:id', async ({ request, params }) => {
      await read(request);
      const target = lists.find((l) => l.id === params.id);
      if (!target) return HttpResponse.json({ code: 'favorite_list_not_found', message: 'no list' }, { status: 404 });
      return HttpResponse.json({ ...target, entryCount: target.entries.length });
    }),
    http.put('*/service/favorites/create', async ({ request }) => {
      await record('create', request);
      const created = list(`l-${lists.length + 1}`, sent.at(-1)!.form.name!);
      lists = [created, ...lists];
      return answer(created);
    }),
    http.put('*/service/favorites/add', async ({ request }) => {
      await record('add', request);
      if (refuse.add) {
        await refuse.add.after;
        return HttpResponse.json({ code: refuse.add.code, message: 'refused' }, { status: refuse.add.status });
      }
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
      return HttpResponse.json({ list: summary(target), results, totalCount: results.length, totalPage: 1, currentPage: 0, pageSize: 50 });
    }),
  );
  const holdReads = () => {
    const door = gate();
    held = door.opened;
    return () => ((held = undefined), door.open());
  };
  return { sent, reads, holdReads };
}

/** The archive's start page answers these cards. */
function archiveShows(entries: FavoriteEntry[]) {
  server.use(
    http.post('*/service/search/design/basic/:page/:pageSize', () =>
      HttpResponse.json({ results: entries.map(card), totalCount: entries.length, totalPage: 1, currentPage: 0, pageSize: 25 }),
    ),
  );
}

/** The colorways asked about by each GET /favorites/colorways, sorted. */
function colorwaysAsked(reads: string[]): string[][] {
  return reads.filter((r) => r.startsWith('/favorites/colorways')).map((r) => r.replace('/favorites/colorways?ids=', '').split(',').sort());
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

/** The design page's add-to-list button, once it knows the lists holding the colorway. */
async function addToListButton() {
  const button = await screen.findByTestId('add-to-list', undefined, SLOW);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

function signIn() {
  setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
}

describe('favorite lists', () => {
  let reads: string[] = [];

  afterEach(() => {
    cleanup();
    updateClientSettings({ isRememberFavoriteSelection: false, selectedCollection: null });
    // Every page reads small answers: never every list with every entry.
    expect(reads.filter((r) => r.startsWith('/favorites/lists-entries'))).toEqual([]);
    reads = [];
  });

  it('adds the shown colorway from the design page: a list made in the modal, a tick that adds and removes', async () => {
    const user = userEvent.setup();
    signIn();
    const favorites = favoritesServer([list('l-1', 'Spring')]);
    const { sent } = favorites;
    reads = favorites.reads;
    renderApp('/design/d-1');
    await user.click(await addToListButton());
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
    const favorites = favoritesServer([list('l-1', 'Spring')]);
    const { sent } = favorites;
    reads = favorites.reads;
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

  it('fills the hearts of result cards from the lists holding their colorways, read for all the cards in one request', async () => {
    signIn();
    const favorites = favoritesServer([list('l-1', 'Spring', [entry('c-2', 'l-1')]), list('l-2', 'Autumn', [entry('c-2', 'l-2'), entry('c-3', 'l-2')])]);
    reads = favorites.reads;
    archiveShows([entry('c-1', 'l-1'), entry('c-2', 'l-1'), entry('c-3', 'l-1'), entry('c-4', 'l-1')]);
    renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('card-favorite')).toHaveLength(4), SLOW);
    await waitFor(() => screen.getAllByTestId('card-favorite').forEach((heart) => expect(heart).toBeEnabled()));
    expect(screen.getAllByTestId('card-favorite').map((heart) => heart.getAttribute('data-lists'))).toEqual(['0', '2', '1', '0']);
    expect(screen.getAllByRole('button', { name: /^In 2 lists: / })).toHaveLength(1);

    // One request for the four cards; the lists are read without their thumbnails.
    expect(colorwaysAsked(favorites.reads)).toEqual([['c-1', 'c-2', 'c-3', 'c-4']]);
    expect(favorites.reads.filter((r) => r.startsWith('/favorites/lists'))).toEqual(['/favorites/lists']);
  });

  it('fills the heart of a result card when its colorway is added, in one click to the remembered list', async () => {
    const user = userEvent.setup();
    signIn();
    updateClientSettings({ isRememberFavoriteSelection: true, selectedCollection: 'l-1' });
    const favorites = favoritesServer([list('l-1', 'Spring')]);
    const { sent } = favorites;
    reads = favorites.reads;
    archiveShows([entry('c-2', 'l-1')]);
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
    await waitFor(() => expect(screen.getByTestId('card-favorite')).toHaveAttribute('data-lists', '0'));
  });

  it('shows an add at once and takes it back when the server refuses it, and says why', async () => {
    const user = userEvent.setup();
    signIn();
    const refused = gate();
    const favorites = favoritesServer([list('l-1', 'Spring')], { add: { status: 409, code: 'favorite_colorway_present', after: refused.opened } });
    reads = favorites.reads;
    renderApp('/design/d-1');
    await user.click(await addToListButton());
    const dialog = within(await screen.findByTestId('add-to-list-dialog'));
    const spring = dialog.getByRole('checkbox', { name: 'Spring' });
    const option = () => dialog.getByTestId('add-to-list-option');
    expect(option()).toHaveTextContent('0 colorways');

    // Ticked and counted before the server answers.
    await user.click(spring);
    expect(spring).toBeChecked();
    expect(option()).toHaveTextContent('1 colorway');

    // The refusal undoes both, before the lists are read again; then says why.
    const releaseReads = favorites.holdReads();
    refused.open();
    await waitFor(() => expect(spring).not.toBeChecked());
    expect(option()).toHaveTextContent('0 colorways');
    expect(option()).toHaveAttribute('data-checked', 'false');
    await waitFor(() => expect(colorwaysAsked(favorites.reads)).toEqual([['c-1'], ['c-1']]));
    releaseReads();
    expect(await screen.findByText('This colorway is already in the list.')).toBeInTheDocument();
    expect(spring).not.toBeChecked();
  });

  it('lists the lists with their counts and mosaics of their newest colorways, and says what to do without any', async () => {
    signIn();
    reads = favoritesServer([]).reads;
    const view = renderApp('/favorites');
    expect(await screen.findByTestId('lists-empty', undefined, SLOW)).toHaveTextContent('You have no favorite lists yet');
    view.unmount();

    const five = ['c-5', 'c-4', 'c-3', 'c-2', 'c-1'].map((c) => entry(c, 'l-1'));
    const favorites = favoritesServer([list('l-1', 'Spring', five), list('l-2', 'Autumn', [entry('c-9', 'l-2')]), list('l-3', 'Winter')]);
    reads = favorites.reads;
    renderApp('/favorites');
    const cards = await screen.findAllByTestId('favorite-list-card', undefined, SLOW);
    expect(cards.map((c) => within(c).getByTestId('favorite-list-count').textContent)).toEqual([
      '5 colorways · Nov 20, 2026',
      '1 colorway · Nov 20, 2026',
      '0 colorways · Nov 20, 2026',
    ]);
    const mosaic = (c: HTMLElement) => Array.from(c.querySelectorAll('img'), (img) => img.getAttribute('src'));
    expect(cards.map(mosaic)).toEqual([['/t/c-5', '/t/c-4', '/t/c-3', '/t/c-2'], ['/t/c-9'], []]);
    expect(favorites.reads).toContain('/favorites/lists?thumbnails=4');
  });

  it('shows a list as cards, removes one at once, and empties the list after asking', async () => {
    const user = userEvent.setup();
    signIn();
    const favorites = favoritesServer([list('l-1', 'Spring', [entry('c-2', 'l-1'), entry('c-1', 'l-1')])]);
    const { sent } = favorites;
    reads = favorites.reads;
    renderApp('/favorites/l-1');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2), SLOW);
    expect(screen.getByTestId('list-name')).toHaveTextContent('Spring');
    expect(screen.getByTestId('list-count')).toHaveTextContent('2 colorways');

    // Gone at once, before the list is read again.
    const releaseReads = favorites.holdReads();
    await user.click(screen.getAllByTestId('remove-entry')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    expect(screen.getByTestId('list-count')).toHaveTextContent('1 colorway');
    expect(sent[0]).toEqual({ path: 'remove', form: { listid: 'l-1', designGuid: 'd-1', colorwayGuid: 'c-2' } });
    releaseReads();

    await user.click(screen.getByTestId('empty-list'));
    const confirm = within(await screen.findByTestId('confirm-dialog'));
    expect(confirm.getByText('Remove the 1 colorway from “Spring”? The list stays.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Empty the list' }));
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('This list is empty');
    expect(sent.at(-1)).toEqual({ path: 'empty', form: { id: 'l-1' } });
  });

  it('says so when the list is not the user\'s', async () => {
    signIn();
    reads = favoritesServer([list('l-1', 'Spring')]).reads;
    renderApp('/favorites/l-9');
    expect(await screen.findByTestId('list-not-found', undefined, SLOW)).toBeInTheDocument();
  });
});
