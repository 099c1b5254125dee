import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { updateClientSettings } from '@/lib/client-settings';
import { defaultCustomerFields } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { searchPage, signedInCustomer } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

async function open(path: string, options: Parameters<typeof signedInCustomer>[0] = {}, { controls = true } = {}) {
  const user = userEvent.setup();
  const sent = signedInCustomer(options);
  const app = renderApp(path);
  await screen.findByTestId('result-count', {}, SLOW);
  // The bar's controls come after the first results have painted.
  if (controls) await screen.findByTestId('clear-filters', {}, SLOW);
  return { user, ...sent, ...app };
}

const resultCount = () => screen.getByTestId('result-count');
const loadedCount = () => screen.getByTestId('result-grid').getAttribute('data-loaded-count');

describe('archive search screen', () => {
  it('shows the results as cards that link to the design page', async () => {
    await open('/', {
      answer: (search) => {
        const page = searchPage(search.page, search.pageSize, 60);
        page.results[0] = {
          ...page.results[0]!,
          pinned: true,
          isConfined: true,
          activeVariantGuid: 'c-9',
          activeVariantName: 'VR-9',
          colorways: [
            { colorwayGuid: 'c-1', colorwayName: 'VR-1', color: '#c03040' },
            { colorwayGuid: 'c-9', colorwayName: 'VR-9', color: '#1a237e' },
            { colorwayGuid: 'c-10', colorwayName: 'VR-10', color: null },
          ],
          labels: [
            { id: 11, label: 'Floral', labelSef: 'floral' },
            { id: 12, label: 'Paisley', labelSef: 'paisley' },
            { id: 21, label: 'Summer', labelSef: 'summer' },
            { id: 22, label: 'Silk', labelSef: 'silk' },
          ],
        };
        return page;
      },
    });
    expect(await screen.findByText('Welcome, Ayşe User')).toBeInTheDocument();
    await waitFor(() => expect(resultCount()).toHaveTextContent('60 designs'));

    const cards = screen.getAllByTestId('search-result');
    expect(cards[0]).toHaveAttribute('data-design-number', '01-0001');
    expect(cards[0]).toHaveAttribute('aria-setsize', '60');
    const link = within(cards[0]!).getByRole('link', { name: 'Design 01-0001, colorway VR-9' });
    expect(link).toHaveAttribute('href', '/design/d-1/c-9');
    expect(within(cards[0]!).getByTestId('badge-pinned')).toHaveTextContent('Pinned');
    expect(within(cards[0]!).getByTestId('badge-confined')).toHaveTextContent('Confined');
    expect(within(cards[1]!).queryByTestId('badge-pinned')).not.toBeInTheDocument();
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/service/design/thumbnail/d/v/d-1/c-1');
    expect(screen.getByTestId('pager-marker')).toHaveTextContent('Page 1 of 3 · 60 designs');

    // What tells designs apart: the colorways as swatches (the matched one ringed) and a few labels.
    const swatches = within(cards[0]!).getAllByTestId('colorway-swatch');
    expect(swatches.map((swatch) => [swatch.dataset.name, swatch.dataset.color, swatch.dataset.active])).toEqual([
      ['VR-1', '#c03040', 'false'],
      ['VR-9', '#1a237e', 'true'],
      ['VR-10', '', 'false'],
    ]);
    expect(within(cards[0]!).getAllByTestId('result-label').map((chip) => chip.textContent)).toEqual(['Floral', 'Paisley']);
    expect(within(cards[0]!).getByTestId('result-labels-more')).toHaveTextContent('+2');
    expect(cards[0]).not.toHaveTextContent(/colorways/);
    const user = userEvent.setup();
    await user.hover(swatches[2]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('VR-10');
    await user.unhover(swatches[2]!);
    await user.hover(within(cards[0]!).getByTestId('result-labels-more'));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Summer, Silk'));

    // The floating page counter shows while scrolling only: at rest it covers no caption.
    const marker = screen.getByTestId('pager-marker-frame');
    expect(marker).toHaveAttribute('data-visible', 'false');
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(marker).toHaveAttribute('data-visible', 'true');
  });

  it('sends every filter of the URL as the search form, from page 0', async () => {
    const { searches } = await open(
      '/archive?number=01-05&labels=11,12&labelMode=any&color=c03040&distance=18&status=engraved&screens=2,3&type=rotary&customer=cu-1' +
        '&date=9&dateField=edit&archive=2&confined=closed&sort=2&studio=Studio+A&original=rose&note=silk&list=3&dp0=summer&dp1=b&owned=1',
    );
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({
      page: 0,
      pageSize: 25,
      form: {
        number: '01-05',
        labels: '11,12',
        labelSearchMode: 'any',
        color: '#C03040',
        colorDistance: '18',
        moldstate: 'engraved',
        channelcounts: '2,3',
        type: 'rotary',
        customer: 'cu-1',
        dateRange: '9',
        dateField: 'edit',
        archive: '2',
        confined: 'closed',
        order: '2',
        studio: 'Studio A',
        originalname: 'rose',
        note: 'silk',
        specialListId: '3',
        dp0: 'summer',
        dp1: 'b',
        owned: 'true',
      },
    });
    // Each filter is shown as a removable chip, with names from the lookups.
    const chips = within(screen.getByTestId('active-filters'));
    expect(await chips.findByText('Labels: Floral, Paisley (Any of)')).toBeInTheDocument();
    expect(await chips.findByText('Customer: Acme Textiles')).toBeInTheDocument();
    expect(await chips.findByText('Archive: Digital archive')).toBeInTheDocument();
    expect(chips.getByText('Date: Last edit: Last 7 days')).toBeInTheDocument();
    expect(screen.getByTestId('filter-color')).toHaveTextContent('#C03040');
    expect(screen.getByTestId('sort-select')).toHaveValue('2');
  });

  it('searches a typed design number, keeps it in the URL and clears it again', async () => {
    const { user, searches, router } = await open('/');
    await waitFor(() => expect(searches).toHaveLength(1));

    await user.type(screen.getByTestId('filter-number'), '01-00');
    await waitFor(() => expect(currentPath(router)).toBe('/?number=01-00'));
    await waitFor(() => expect(searches.at(-1)?.form).toEqual({ number: '01-00', order: '0' }));
    expect(searches.at(-1)?.page).toBe(0);

    await user.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(screen.getByTestId('filter-number')).toHaveValue('');
  });

  it('chooses labels, label mode, colour and sort from the bar', async () => {
    const { user, searches, router } = await open('/');

    await user.click(within(screen.getByTestId('filter-labels')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /Paisley/ }));
    await waitFor(() => expect(searches.at(-1)?.form).toMatchObject({ labels: '12', labelSearchMode: 'all' }));

    await user.click(within(screen.getByTestId('label-mode')).getByRole('button', { name: 'Any of' }));
    await waitFor(() => expect(searches.at(-1)?.form).toMatchObject({ labels: '12', labelSearchMode: 'any' }));
    // The choice is remembered as the client setting combineLabelSearch.
    expect(JSON.parse(window.localStorage.getItem('desen.client') ?? '{}')).toMatchObject({ combineLabelSearch: false });

    await user.click(screen.getByTestId('filter-color'));
    await user.click(await screen.findByRole('button', { name: 'Navy' }));
    // The swatches are the server's (two in the test server), not a list of the app's own.
    expect(screen.getAllByTestId('color-swatch')).toHaveLength(2);
    await waitFor(() => expect(searches.at(-1)?.form).toMatchObject({ color: '#1A237E', colorDistance: '10' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.selectOptions(screen.getByTestId('sort-select'), '1');
    await waitFor(() => expect(searches.at(-1)?.form).toEqual({ labels: '12', labelSearchMode: 'any', color: '#1A237E', colorDistance: '10', order: '1' }));
    expect(currentPath(router)).toBe('/?labels=12&labelMode=any&color=1a237e&sort=1');
    expect(screen.getByText('Best match first: how close the colour is, weighed by how much of the design has it.')).toBeInTheDocument();
  });

  it('badges a colour search with the match it is ordered by, the ΔE in the tooltip', async () => {
    const { user } = await open('/?color=c03040', {
      answer: (search) => {
        const page = searchPage(search.page, search.pageSize, 3);
        const figures: [number, number][] = [
          [92, 1.24],
          [81, 0.6],
          [47, 7.5],
        ];
        page.results = page.results.map((result, index) => ({ ...result, colorMatch: figures[index]![0], colorDistance: figures[index]![1] }));
        return page;
      },
    });
    const badges = await screen.findAllByTestId('badge-color-match');
    // Read in order: the figure the server ranked by, best first (the ΔE alone would not be).
    expect(badges.map((badge) => badge.textContent)).toEqual(['92% match', '81% match', '47% match']);
    expect(screen.getByText('Best match first: how close the colour is, weighed by how much of the design has it.')).toBeInTheDocument();
    await user.hover(badges[0]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Closest colour ΔE 1.2 (CIEDE2000: smaller is closer).');

    // The tolerance's ends are named for designers, as text.
    await user.click(screen.getByTestId('filter-color'));
    const ends = await screen.findByTestId('color-distance-ends');
    expect(ends).toHaveTextContent('ExactSimilar');
    expect(within(ends).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('color-distance')).toHaveAttribute('aria-valuetext', 'ΔE 10');
  });

  it('applies the choices of the filter drawer at once', async () => {
    const { user, searches } = await open('/');
    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });

    await user.selectOptions(within(drawer).getByLabelText('Screen status'), 'faded');
    await user.click(within(drawer).getByRole('button', { name: '4' }));
    await user.selectOptions(within(drawer).getByLabelText('Date range'), '4');
    await user.selectOptions(within(drawer).getByLabelText('Special list'), '1');
    await user.click(within(drawer).getByLabelText('Owned extra only'));

    await waitFor(() =>
      expect(searches.at(-1)?.form).toEqual({
        moldstate: 'faded',
        channelcounts: '4',
        dateRange: '4',
        dateField: 'upload',
        specialListId: '1',
        owned: 'true',
        order: '0',
      }),
    );
    expect(searches.every((search) => search.page === 0)).toBe(true);
    await user.click(within(drawer).getByTestId('show-results'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    // The drawer's button counts the filters it holds.
    expect(screen.getByTestId('more-filters').parentElement).toHaveTextContent('5');
  });

  it('offers the special lists and the collections the server has, and names the chosen ones in their chips', async () => {
    // The page reads the collections as it opens (its banners): they are answered from the start.
    server.use(
      http.post('*/service/collections/all', () =>
        HttpResponse.json([
          {
            id: 4,
            name: 'Summer 2026',
            description: 'The season',
            coverUri: null,
            isBanner: false,
            subCollections: [
              { id: 5, name: 'Beach moods', description: '', kind: 'mood', coverUri: null, itemCount: 3 },
              { id: 6, name: 'Prints', description: '', kind: 'design', coverUri: null, itemCount: 8 },
            ],
          },
        ]),
      ),
    );
    const { user, searches } = await open('/');
    server.use(
      http.get('*/service/get/special-lists', () =>
        HttpResponse.json([
          { id: 1, name: 'Pinned designs' },
          { id: 7, name: 'Fair 2026 picks' },
        ]),
      ),
    );
    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });

    const lists = within(drawer).getByLabelText('Special list');
    await waitFor(() => expect(within(lists).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Pinned designs', 'Fair 2026 picks']));
    const collections = within(drawer).getByLabelText('Collection');
    // Each collection followed by its sub-collections, indented under it.
    await waitFor(() => expect(within(collections).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['0', '4', '5', '6']));
    expect(within(collections).getByRole('option', { name: /Beach moods/ })).toHaveAttribute('data-depth', '1');

    await user.selectOptions(lists, '7');
    await user.selectOptions(collections, '5');
    await waitFor(() => expect(searches.at(-1)?.form).toEqual({ specialListId: '7', collectionId: '5', order: '0' }));
    await user.click(within(drawer).getByTestId('show-results'));

    const chips = within(screen.getByTestId('active-filters'));
    expect(await chips.findByText('Special list: Fair 2026 picks')).toBeInTheDocument();
    expect(await chips.findByText('Collection: Summer 2026 › Beach moods')).toBeInTheDocument();
  });

  it('limits the search to a customer, a custom date range and a studio from the drawer', async () => {
    const { user, searches, router } = await open('/');
    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });

    await user.click(within(drawer).getByLabelText('Customer'));
    const bosphorus = await screen.findByRole('option', { name: 'Bosphorus Fashion' });
    expect(screen.queryByRole('option', { name: 'Closed Mills' })).not.toBeInTheDocument();
    await user.click(bosphorus);
    await user.type(within(drawer).getByTestId('filter-date-from'), '2025-01-01');
    await user.click(within(drawer).getByLabelText('Studio'));
    await user.paste('North');

    await waitFor(() =>
      expect(searches.at(-1)?.form).toEqual({ customer: 'cu-2', dateFrom: '2025-01-01', dateField: 'upload', studio: 'North', order: '0' }),
    );
    expect(currentPath(router)).toBe('/?customer=cu-2&from=2025-01-01&studio=North');
  });

  it('keeps its controls compact: settings beside "Clear filters", the sort as wide as its text, the drawer buttons stacked', async () => {
    const { user } = await open('/?type=rotary');
    const panel = screen.getByRole('search', { name: 'Search filters' });
    const clear = within(panel).getByTestId('clear-filters');
    // One group: they wrap to a new row together on a phone, never apart.
    expect(within(panel).getByTestId('settings-button').parentElement).toBe(clear.parentElement);
    expect(clear).toHaveStyle({ whiteSpace: 'nowrap' });
    // No fixed width: the native select takes the width of its longest option.
    expect(screen.getByTestId('sort-select').closest('.MuiFormControl-root')).toHaveStyle({ width: 'auto' });

    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    for (const id of ['show-results', 'drawer-clear-filters']) {
      const button = within(drawer).getByTestId(id);
      expect(button).toHaveClass('MuiButton-fullWidth');
      expect(button).toHaveStyle({ whiteSpace: 'nowrap' });
    }
  });

  it('offers and sends only the filters on fields the customer may search', async () => {
    let release: () => void = () => undefined;
    const fieldsKnown = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hidden = { ...defaultCustomerFields(), dynamicParameters: defaultCustomerFields().dynamicParameters.map((_, index) => index !== 1) };
    const user = userEvent.setup();
    const { searches } = signedInCustomer({
      designFields: async () => {
        await fieldsKnown;
        return HttpResponse.json(hidden);
      },
    });
    renderApp('/archive?number=01&note=silk&original=rose&studio=North&dp0=summer&dp1=b');

    // A link naming a restricted filter waits for the field list rather than risk a refusal.
    await screen.findByTestId('result-count', {}, SLOW);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(searches).toHaveLength(0);
    release();

    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]?.form).toEqual({ number: '01', studio: 'North', dp0: 'summer', order: '0' });
    const chips = screen.getAllByTestId('filter-chip').map((chip) => chip.getAttribute('data-filter'));
    expect(chips).toEqual(['number', 'studio', 'dp0']);
    expect(screen.getByText('Parameter 1: summer')).toBeInTheDocument();

    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByLabelText('Studio')).toHaveValue('North');
    expect(within(drawer).getByLabelText('Parameter 1')).toHaveValue('summer');
    expect(within(drawer).queryByLabelText('Notes')).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Original name')).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Parameter 2')).not.toBeInTheDocument();
  });

  it('offers no restricted filter when the field list cannot be read', async () => {
    const user = userEvent.setup();
    const { searches } = signedInCustomer({ designFields: async () => HttpResponse.json({ code: 'internal', message: 'down' }, { status: 500 }) });
    renderApp('/archive?note=silk');
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]?.form).toEqual({ order: '0' });
    await user.click(screen.getByTestId('more-filters'));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).queryByText('Texts and parameters')).not.toBeInTheDocument();
  });

  it('appends the next page in infinite mode and starts a new search from page 0', async () => {
    const { user, searches } = await open('/', { total: 60 });
    await waitFor(() => expect(loadedCount()).toBe('25'));
    expect(screen.getByTestId('load-more')).toHaveAttribute('data-state', 'more');

    await user.click(within(screen.getByTestId('load-more')).getByRole('button', { name: 'Show more designs' }));
    await waitFor(() => expect(loadedCount()).toBe('50'));
    expect(screen.getByTestId('load-more')).toHaveTextContent('50 of 60 designs shown');
    await user.click(within(screen.getByTestId('load-more')).getByRole('button', { name: 'Show more designs' }));
    await waitFor(() => expect(loadedCount()).toBe('60'));
    expect(screen.getByTestId('load-more')).toHaveAttribute('data-state', 'end');
    expect(searches.map((search) => search.page)).toEqual([0, 1, 2]);

    await user.selectOptions(screen.getByTestId('sort-select'), '2');
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ page: 0, form: { order: '2' } }));
    await waitFor(() => expect(loadedCount()).toBe('25'));
  });

  it('pages one page at a time when infinite scroll is off, with the page in the URL', async () => {
    updateClientSettings({ infinityScroll: false });
    const { user, searches, router } = await open('/', { total: 60 });
    const pager = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(screen.getByTestId('pager-marker')).toHaveTextContent('Page 1 of 3 · 60 designs');

    await user.click(within(pager).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(currentPath(router)).toBe('/?page=2'));
    await waitFor(() => expect(screen.getByTestId('pager-marker')).toHaveTextContent('Page 2 of 3 · 60 designs'));
    expect(screen.getAllByTestId('search-result')[0]).toHaveAttribute('data-design-number', '01-0026');
    expect(searches.map((search) => search.page)).toEqual([0, 1]);

    // A new search goes back to the first page.
    await user.selectOptions(screen.getByTestId('sort-select'), '1');
    await waitFor(() => expect(currentPath(router)).toBe('/?sort=1'));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ page: 0, form: { order: '1' } }));

    // The back button returns to the previous page of results.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('pager-marker')).toHaveTextContent('Page 2 of 3'));
  });

  it('switches between infinite scroll and pages in the settings, remembered in this browser', async () => {
    const { user } = await open('/', { total: 60 });
    await screen.findByTestId('load-more');

    await user.click(screen.getByTestId('settings-button'));
    const toggle = await screen.findByTestId('infinite-toggle');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(JSON.parse(window.localStorage.getItem('desen.client') ?? '{}')).toMatchObject({ infinityScroll: false });
    await user.click(screen.getByRole('menuitemcheckbox', { name: /Remember selected list/ }));
    expect(JSON.parse(window.localStorage.getItem('desen.client') ?? '{}')).toMatchObject({ isRememberFavoriteSelection: true });
    await user.keyboard('{Escape}');

    expect(await screen.findByRole('navigation', { name: 'Result pages' })).toBeInTheDocument();
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('keeps the results when going back from another page', async () => {
    const { searches, router } = await open('/?number=01', { total: 60 });
    await waitFor(() => expect(loadedCount()).toBe('25'));

    await act(() => router.navigate('/favorites'));
    await waitFor(() => expect(screen.queryByTestId('result-grid')).not.toBeInTheDocument());
    await act(() => router.navigate(-1));

    await waitFor(() => expect(loadedCount()).toBe('25'));
    expect(currentPath(router)).toBe('/?number=01');
    expect(searches).toHaveLength(1);
  });

  it('shows an empty state that offers to clear the filters', async () => {
    const { user, router } = await open('/?type=rotary', { total: 0 });
    expect(await screen.findByText('No designs match these filters.')).toBeInTheDocument();
    expect(resultCount()).toHaveTextContent('0 designs');
    await user.click(within(screen.getByTestId('results-empty')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('shows a refused search as a translated error', async () => {
    await open('/?number=x', { answer: () => HttpResponse.json({ code: 'invalid_search', message: 'bad' }, { status: 400 }) });
    const alert = await screen.findByTestId('error-alert');
    expect(alert).toHaveAttribute('data-code', 'invalid_search');
    expect(alert).toHaveTextContent('One of the search filters is not valid.');
  });

  it('sends an expired session to the login page', async () => {
    const { router } = await open('/', { answer: () => HttpResponse.json({ code: 'login_required', message: 'expired' }, { status: 401 }) }, { controls: false });
    await waitFor(() => expect(currentPath(router)).toBe('/login?expired=true'));
  });
});
