import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { clientConfiguration, testUser, validAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { StudioBanner } from '@/types/configuration';
import type { SearchResult } from '@/types/search';
import type { Collection, DesignPage, MoodBoard, StockPage, SubCollection } from '../types';

const SLOW = { timeout: 5000 };

function signedInCustomer() {
  setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
  server.use(http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())));
}

function sub(overrides: Partial<SubCollection> & Pick<SubCollection, 'id' | 'name'>): SubCollection {
  return { description: '', kind: 'mood', coverUri: null, itemCount: 0, ...overrides };
}

/** A collection as POST /collections/all and /collections/get answer it (crates/collections/src/dto.rs CollectionNode). */
function collection(overrides: Partial<Collection> & Pick<Collection, 'id' | 'name'>): Collection {
  return {
    description: '',
    coverUri: `/service/collections/cover/${overrides.id}?v=k1`,
    subCollections: [],
    // The server's node carries these too; the boards do not read them.
    isActive: true,
    isBanner: false,
    ...({ parentId: null, position: 0, kind: null, itemCount: 0 } as object),
    ...overrides,
  };
}

/** The archive's card of design `n` (01-000n) on colorway VR-1 (crates/search/src/cards.rs SearchResult). */
function card(n: number): SearchResult {
  return {
    designGuid: `d-${n}`,
    designName: `01-${String(n).padStart(4, '0')}`,
    designType: 'digital',
    activeVariantGuid: `c-${n}`,
    activeVariantName: 'VR-1',
    originalVariantGuid: `c-${n}`,
    originalVariantName: 'VR-1',
    labels: [],
    moldState: 'none',
    closedCountries: [],
    isConfined: false,
    pinned: false,
    colorwayCount: 1,
    colorways: [{ colorwayGuid: `c-${n}`, colorwayName: 'VR-1', color: '#c03040' }],
    thumbnail: `/service/design/thumbnail/d/v/d-${n}/c-${n}`,
    thumbnails: {},
    colorDistance: null,
  };
}

const summer = collection({
  id: 4,
  name: 'Summer 2026',
  description: 'Light fabrics for the season',
  subCollections: [
    sub({ id: 5, name: 'Beach moods', kind: 'mood', itemCount: 2, coverUri: '/service/collections/image/11/thumb?v=a' }),
    sub({ id: 6, name: 'Prints', kind: 'design', itemCount: 8 }),
  ],
});

const beachMoods: MoodBoard = {
  id: 5,
  name: 'Beach moods',
  description: 'Sun, sand and linen',
  collection: { id: 4, name: 'Summer 2026' },
  images: [
    {
      id: 11,
      thumbnailUri: '/service/collections/image/11/thumb?v=a',
      largeImageUri: '/service/collections/image/11/large?v=a',
      width: 1600,
      height: 1200,
      colorways: [
        { designGuid: 'd-1', colorwayGuid: 'c-1', designName: '01-0559', colorwayName: 'VR-2', thumbnail: '/t/c-1', x: 0.25, y: 0.5 },
        { designGuid: 'd-2', colorwayGuid: 'c-7', designName: '01-0600', colorwayName: 'VR-1', thumbnail: '/t/c-7', x: null, y: null },
      ],
    },
    { id: 12, thumbnailUri: '/service/collections/image/12/thumb?v=b', largeImageUri: '/service/collections/image/12/large?v=b', width: 800, height: 1200, colorways: [] },
  ],
};

describe('boards', () => {
  it('shows the active collections and opens one: its sub-collections lead to their mood board or design page', async () => {
    signedInCustomer();
    const asked: Record<string, string>[] = [];
    server.use(
      http.post('*/service/collections/all', () => HttpResponse.json([summer, collection({ id: 8, name: 'Winter 2026', subCollections: [], isActive: false })])),
      http.post('*/service/collections/get', async ({ request }) => {
        asked.push(await formOf(request));
        return HttpResponse.json(summer);
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/boards');

    const cards = await screen.findAllByTestId('collection-card', {}, SLOW);
    expect(cards.map((element) => within(element).getByRole('heading').textContent)).toEqual(['Summer 2026', 'Winter 2026']);
    expect(within(cards[0]!).getByTestId('collection-card-meta')).toHaveTextContent('2 sub-collections');
    expect(within(cards[0]!).getByText('Light fabrics for the season')).toBeInTheDocument();
    // Staff are shown inactive collections too, marked as such.
    expect(within(cards[1]!).getByTestId('collection-card-meta')).toHaveTextContent('0 sub-collections · Inactive: customers do not see it');
    // The app bar's Boards entry is the current page.
    expect(screen.getByTestId('nav-boards')).toHaveAttribute('aria-current', 'page');

    await user.click(within(cards[0]!).getByRole('link'));
    await waitFor(() => expect(currentPath(router)).toBe('/boards/4'));
    const subs = await screen.findAllByTestId('sub-collection-card', {}, SLOW);
    expect(asked).toEqual([{ id: '4' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Summer 2026' })).toBeInTheDocument();
    expect(within(subs[0]!).getByRole('link')).toHaveAttribute('href', '/board-moods/5');
    expect(within(subs[0]!).getByTestId('sub-collection-card-meta')).toHaveTextContent('Mood board · 2 images');
    expect(within(subs[1]!).getByRole('link')).toHaveAttribute('href', '/collections-design/6');
    expect(within(subs[1]!).getByTestId('sub-collection-card-meta')).toHaveTextContent('Design page · 8 designs');
    expect(within(screen.getByTestId('collection-breadcrumbs')).getByRole('link', { name: 'Boards' })).toHaveAttribute('href', '/boards');
  });

  it('says so when there is no collection, and when one is not available', async () => {
    signedInCustomer();
    server.use(
      http.post('*/service/collections/all', () => HttpResponse.json([])),
      http.post('*/service/collections/get', () => HttpResponse.json({ code: 'collection_not_found', message: 'no such collection' }, { status: 404 })),
    );
    const { router } = renderApp('/boards');
    expect(await screen.findByTestId('boards-empty', {}, SLOW)).toHaveTextContent('No collections yet');

    await act(() => router.navigate('/boards/99'));
    const missing = await screen.findByTestId('collection-not-found', {}, SLOW);
    expect(missing).toHaveTextContent('This collection is not available (any more).');
    expect(within(missing).getByRole('link', { name: 'All boards' })).toHaveAttribute('href', '/boards');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});

describe('banners atop the archive', () => {
  const banner = collection({ id: 4, name: 'Summer 2026', description: 'Light fabrics for the season', isBanner: true });
  const plain = collection({ id: 7, name: 'Basics', isBanner: false });
  // Staff are answered inactive collections too: customers do not see them, so they are no banner.
  const inactive = collection({ id: 8, name: 'Winter 2026', isBanner: true, isActive: false });
  const noCover = collection({ id: 9, name: 'Linen edit', description: '', isBanner: true, coverUri: null });

  /** A signed-in user on the archive, POST /collections/all answering `answer` (its calls counted). */
  function openArchive(answer: () => Response, path = '/') {
    signedInCustomer();
    const calls = { count: 0 };
    server.use(
      http.post('*/service/collections/all', () => {
        calls.count += 1;
        return answer();
      }),
    );
    const user = userEvent.setup();
    return { user, calls, ...renderApp(path) };
  }

  it('shows the collections marked as banners, in order, each leading to its board', async () => {
    const { user, router } = openArchive(() => HttpResponse.json([banner, plain, inactive, noCover]));
    server.use(http.post('*/service/collections/get', () => HttpResponse.json(banner)));

    const strip = await screen.findByTestId('banner-strip', {}, SLOW);
    expect(strip).toHaveAccessibleName('Featured');
    const banners = within(strip).getAllByTestId('banner');
    expect(banners.map((element) => within(element).getByRole('heading').textContent)).toEqual(['Summer 2026', 'Linen edit']);
    expect(banners[0]).toHaveAccessibleName('Summer 2026');
    expect(within(banners[0]!).getByTestId('banner-description')).toHaveTextContent('Light fabrics for the season');
    expect(banners[0]!.querySelector('img')).toHaveAttribute('src', '/service/collections/cover/4?v=k1');
    // Without a cover the banner is drawn in the theme's colours.
    expect(banners[1]!.querySelector('img')).toBeNull();
    expect(within(banners[1]!).queryByTestId('banner-description')).not.toBeInTheDocument();
    expect(within(banners[1]!).getByRole('link', { name: 'Discover Linen edit' })).toHaveAttribute('href', '/boards/9');
    // The search stays right under it.
    expect(screen.getByRole('search')).toBeInTheDocument();

    await user.click(within(banners[0]!).getByRole('link', { name: 'Discover Summer 2026' }));
    await waitFor(() => expect(currentPath(router)).toBe('/boards/4'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer 2026' }, SLOW)).toBeInTheDocument();
  });

  it('is shown on /archive too, and hidden for the rest of the session once closed', async () => {
    const { user, router, calls, unmount } = openArchive(() => HttpResponse.json([banner]), '/archive');
    const strip = await screen.findByTestId('banner-strip', {}, SLOW);
    expect(within(strip).getAllByTestId('banner')).toHaveLength(1);
    // One banner: nothing to scroll between.
    expect(within(strip).queryByRole('button', { name: 'Next banner' })).not.toBeInTheDocument();

    await user.click(within(strip).getByRole('button', { name: 'Hide the banners for this session' }));
    expect(screen.queryByTestId('banner-strip')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('desen.banners.hidden')).toBe('1');

    // Away and back: still hidden.
    await act(() => router.navigate('/boards'));
    await screen.findByTestId('boards', {}, SLOW);
    await act(() => router.navigate('/'));
    await screen.findByTestId('result-count', {}, SLOW);
    expect(screen.queryByTestId('banner-strip')).not.toBeInTheDocument();

    // A new load of the app in the same tab: still hidden, and the collections are not even asked for it.
    unmount();
    renderApp('/');
    await screen.findByTestId('result-count', {}, SLOW);
    expect(screen.queryByTestId('banner-strip')).not.toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it('offers previous and next when the banners overflow the row', async () => {
    // jsdom lays nothing out: the row says it is three banners wide, scrolled to its start.
    const sizes = { scrollWidth: 3000, clientWidth: 1000 };
    const spies = (['scrollWidth', 'clientWidth'] as const).map((property) =>
      jest.spyOn(HTMLElement.prototype, property, 'get').mockImplementation(function (this: HTMLElement) {
        return this.tagName === 'UL' ? sizes[property] : 0;
      }),
    );
    try {
      const third = collection({ id: 10, name: 'Denim', isBanner: true });
      const { user } = openArchive(() => HttpResponse.json([banner, noCover, third]));
      const strip = await screen.findByTestId('banner-strip', {}, SLOW);
      expect(within(strip).getAllByTestId('banner')).toHaveLength(3);
      const row = strip.querySelector('ul')!;
      const previous = within(strip).getByRole('button', { name: 'Previous banner' });
      const next = within(strip).getByRole('button', { name: 'Next banner' });
      expect(previous).toHaveAttribute('aria-disabled', 'true');
      expect(next).toHaveAttribute('aria-disabled', 'false');
      expect(next).toHaveAttribute('aria-controls', row.id);

      await user.click(next);
      expect(row.scrollLeft).toBeGreaterThan(0);
      fireEvent.scroll(row);
      expect(previous).toHaveAttribute('aria-disabled', 'false');
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  describe('the studio’s own banners (the general settings’)', () => {
    const sale: StudioBanner = { id: 'b-1', link: '/archive?labels=3', title: { tr: 'Yaz indirimi', en: ' Summer sale ', ru: 'Летняя распродажа' } };
    const shop: StudioBanner = { id: 'b-2', link: 'https://shop.example.com/linen', title: { tr: '', en: 'Linen shop', ru: '' } };
    const quiet: StudioBanner = { id: 'b-3', link: '', title: { tr: 'Yalnızca Türkçe', en: '', ru: '' } };

    /** GET /get/configuration with the studio's banners (and a content image server, which banners do not come from). */
    function configure(banners: StudioBanner[]) {
      server.use(http.get('*/service/get/configuration', () => HttpResponse.json(clientConfiguration({ banners, contentImageBase: 'https://cdn.example.com' }))));
    }

    it('come first, in their order, before the banner collections, each leading where its link says', async () => {
      configure([sale, shop, quiet]);
      const { user, router } = openArchive(() => HttpResponse.json([banner, plain]));
      const strip = await screen.findByTestId('banner-strip', {}, SLOW);
      await waitFor(() => expect(strip).toHaveAttribute('data-count', '4'));
      expect(within(strip).getAllByRole('listitem').map((item) => item.firstElementChild?.getAttribute('data-testid'))).toEqual(['studio-banner', 'studio-banner', 'studio-banner', 'banner']);
      const [first, second, third] = within(strip).getAllByTestId('studio-banner') as [HTMLElement, HTMLElement, HTMLElement];

      // The large rendition from this server, named and captioned by the title in the user's language.
      const image = within(first).getByRole('img', { name: 'Summer sale' });
      expect(image).toHaveAttribute('src', '/service/banner/b-1/large');
      expect(within(first).getByTestId('studio-banner-caption')).toHaveTextContent('Summer sale');
      expect(within(second).getByRole('img', { name: 'Linen shop' })).toHaveAttribute('loading', 'lazy');
      // An address elsewhere: a new tab, telling it nothing of the archive.
      const external = within(second).getByRole('link', { name: 'Linen shop' });
      expect(external).toHaveAttribute('href', 'https://shop.example.com/linen');
      expect(external).toHaveAttribute('target', '_blank');
      expect(external).toHaveAttribute('rel', 'noopener noreferrer');
      // No title in English: named "Banner", no caption; no link: not clickable.
      expect(within(third).getByRole('img', { name: 'Banner' })).toHaveAttribute('src', '/service/banner/b-3/large');
      expect(within(third).queryByTestId('studio-banner-caption')).not.toBeInTheDocument();
      expect(within(third).queryByRole('link')).not.toBeInTheDocument();

      // A path of the app: the router goes there, no page load.
      const internal = within(first).getByRole('link', { name: 'Summer sale' });
      expect(internal).toHaveAttribute('href', '/archive?labels=3');
      expect(internal).not.toHaveAttribute('target');
      await user.click(internal);
      await waitFor(() => expect(currentPath(router)).toBe('/archive?labels=3'));
    });

    it('are shown without any banner collection, and the strip is hidden with them', async () => {
      configure([quiet]);
      const { user, calls } = openArchive(() => HttpResponse.json([plain]));
      const strip = await screen.findByTestId('banner-strip', {}, SLOW);
      await waitFor(() => expect(calls.count).toBe(1));
      expect(within(strip).getAllByRole('listitem')).toHaveLength(1);
      expect(within(strip).getByTestId('studio-banner')).toHaveAttribute('data-id', 'b-3');

      await user.click(within(strip).getByRole('button', { name: 'Hide the banners for this session' }));
      expect(screen.queryByTestId('banner-strip')).not.toBeInTheDocument();
    });
  });

  it('is absent when no collection is a banner, and when the collections cannot be read', async () => {
    const { calls, unmount } = openArchive(() => HttpResponse.json([plain, inactive]));
    await screen.findByTestId('result-count', {}, SLOW);
    await waitFor(() => expect(calls.count).toBe(1));
    expect(screen.queryByTestId('banner-strip')).not.toBeInTheDocument();
    unmount();

    const failing = openArchive(() => HttpResponse.json({ code: 'internal', message: 'down' }, { status: 500 }));
    await screen.findByTestId('result-count', {}, SLOW);
    await waitFor(() => expect(failing.queryClient.getQueryState(['collections', 'visible'])?.status).toBe('error'));
    expect(screen.queryByTestId('banner-strip')).not.toBeInTheDocument();
    expect(screen.queryByTestId('error-alert')).not.toBeInTheDocument();
  });
});

describe('mood boards', () => {
  it('shows the board’s images, each opening its page', async () => {
    signedInCustomer();
    server.use(http.get('*/service/collections/get-mood-boards/5', () => HttpResponse.json(beachMoods)));
    renderApp('/board-moods/5');

    const images = await screen.findAllByTestId('mood-image', {}, SLOW);
    expect(images).toHaveLength(2);
    expect(within(images[0]!).getByRole('link')).toHaveAttribute('href', '/collections-mood-detail/5/11');
    expect(within(images[0]!).getByRole('img')).toHaveAttribute('src', '/service/collections/image/11/thumb?v=a');
    expect(within(images[0]!).getByRole('img')).toHaveAccessibleName('Image 1: 01-0559 VR-2, 01-0600 VR-1');
    expect(screen.getByTestId('mood-board-count')).toHaveTextContent('2 images');
    const crumbs = within(screen.getByTestId('collection-breadcrumbs'));
    expect(crumbs.getByRole('link', { name: 'Summer 2026' })).toHaveAttribute('href', '/boards/4');
  });

  it('shows an image large with its tagged colorways, each leading to the design page on that colorway', async () => {
    signedInCustomer();
    server.use(http.get('*/service/collections/get-mood-boards/5', () => HttpResponse.json(beachMoods)));
    const { router } = renderApp('/collections-mood-detail/5/11');

    const colorways = await screen.findAllByTestId('mood-colorway', {}, SLOW);
    expect(colorways.map((element) => element.getAttribute('href'))).toEqual(['/design/d-1/c-1', '/design/d-2/c-7']);
    expect(colorways[0]).toHaveTextContent('01-0559');
    expect(colorways[0]).toHaveTextContent('VR-2');
    expect(colorways[1]).toHaveTextContent('VR-1 · not marked on the image');
    // Only a placed tag is a point on the image, where the studio marked it.
    const points = screen.getAllByTestId('mood-point');
    expect(points).toHaveLength(1);
    expect(points[0]).toHaveAttribute('href', '/design/d-1/c-1');
    expect(points[0]).toHaveAccessibleName('1: 01-0559 VR-2');
    expect(points[0]).toHaveStyle({ left: '25%', top: '50%' });
    expect(within(screen.getByTestId('mood-large')).getByRole('img', { name: 'Image 1: 01-0559 VR-2, 01-0600 VR-1' })).toHaveAttribute(
      'src',
      '/service/collections/image/11/large?v=a',
    );
    expect(screen.getByTestId('mood-position')).toHaveTextContent('1 / 2');
    expect(screen.getByTestId('mood-previous')).toBeDisabled();
    expect(screen.getByTestId('mood-next')).toHaveAttribute('href', '/collections-mood-detail/5/12');

    // → opens the next image; it has no tag.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(currentPath(router)).toBe('/collections-mood-detail/5/12'));
    expect(await screen.findByText('No colorway is tagged on this image.')).toBeInTheDocument();
    expect(screen.getByTestId('mood-position')).toHaveTextContent('2 / 2');
  });

  it('says so when the board is not available, or the image is not on it', async () => {
    signedInCustomer();
    server.use(
      http.get('*/service/collections/get-mood-boards/5', () => HttpResponse.json(beachMoods)),
      http.get('*/service/collections/get-mood-boards/6', () => HttpResponse.json({ code: 'collection_not_found', message: 'other kind' }, { status: 404 })),
    );
    const { router } = renderApp('/collections-mood-detail/5/99');
    const missing = await screen.findByTestId('mood-image-not-found', {}, SLOW);
    expect(within(missing).getByRole('link', { name: 'Back to “Beach moods”' })).toHaveAttribute('href', '/board-moods/5');

    await act(() => router.navigate('/board-moods/6'));
    expect(await screen.findByTestId('mood-board-not-found', {}, SLOW)).toHaveTextContent('This mood board is not available (any more).');
  });
});

describe('design pages', () => {
  const page = (groups: DesignPage['groups']): DesignPage => ({
    id: 6,
    name: 'Prints',
    description: 'Our picks',
    collection: { id: 4, name: 'Summer 2026' },
    groups,
  });

  it('shows the groups in order, each with the archive’s cards of its designs', async () => {
    signedInCustomer();
    const methods: string[] = [];
    server.use(
      http.all('*/service/basic-colleciton/get/6', ({ request }) => {
        methods.push(request.method);
        return HttpResponse.json(
          page([
            { id: 21, name: 'Florals', designCount: 2, results: [card(3), card(1)] },
            { id: 22, name: 'Hidden from you', designCount: 0, results: [] },
            { id: 23, name: 'Stripes', designCount: 1, results: [card(2)] },
          ]),
        );
      }),
    );
    renderApp('/collections-design/6');

    const groups = await screen.findAllByTestId('design-group', {}, SLOW);
    expect(methods).toEqual(['POST']);
    expect(groups.map((group) => group.getAttribute('data-group'))).toEqual(['Florals', 'Hidden from you', 'Stripes']);
    expect(within(groups[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Florals');
    expect(groups[0]).toHaveTextContent('2 designs');
    // The archive's cards, in the group's order, leading to the design page on the card's colorway.
    const cards = await within(groups[0]!).findAllByTestId('search-result');
    expect(cards.map((element) => element.getAttribute('data-design-number'))).toEqual(['01-0003', '01-0001']);
    expect(within(cards[0]!).getByRole('link', { name: 'Design 01-0003, colorway VR-1' })).toHaveAttribute('href', '/design/d-3/c-3');
    // Each card has the favorite heart, as in the archive.
    expect(within(cards[0]!).getByTestId('card-favorite')).toBeInTheDocument();
    expect(within(groups[1]!).getByTestId('design-group-empty')).toHaveTextContent('No design of this group is visible to you.');
    expect(within(groups[1]!).queryByTestId('result-grid')).not.toBeInTheDocument();
    expect(within(groups[2]!).getAllByTestId('search-result')).toHaveLength(1);
    expect(within(screen.getByTestId('collection-breadcrumbs')).getByRole('link', { name: 'Summer 2026' })).toHaveAttribute('href', '/boards/4');
    // Every design of these groups is on the page: nothing more to show.
    expect(screen.queryByTestId('design-group-more')).not.toBeInTheDocument();
  });

  describe('a group larger than its first cards', () => {
    // A window tall enough for the virtualised grid to render every row.
    const innerHeight = window.innerHeight;
    beforeEach(() => Object.defineProperty(window, 'innerHeight', { value: 40_000, configurable: true }));
    afterEach(() => Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true }));

    /** Cards of designs `from`..`to`, in order. */
    const cards = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => card(from + index));
    const numbers = (from: number, to: number) => cards(from, to).map((result) => result.designName);

    /** Group 21 of page 6 holds `total` designs: the page answers the first 48, the group route any page of them (recorded). */
    function largeGroup(total: number) {
      const asked: string[] = [];
      server.use(
        http.post('*/service/basic-colleciton/get/6', () =>
          HttpResponse.json(
            page([
              { id: 21, name: 'Florals', designCount: total, results: cards(1, Math.min(48, total)) },
              { id: 23, name: 'Stripes', designCount: 1, results: [card(200)] },
            ]),
          ),
        ),
        http.post('*/service/basic-colleciton/get/6/:group/:page/:pageSize', ({ request, params }) => {
          asked.push(`${request.method} ${String(params.group)}/${String(params.page)}/${String(params.pageSize)}`);
          const [at, size] = [Number(params.page), Number(params.pageSize)];
          return HttpResponse.json({
            results: cards(at * size + 1, Math.min(total, (at + 1) * size)),
            totalCount: total,
            totalPage: Math.ceil(total / size),
            currentPage: at,
            pageSize: size,
          });
        }),
      );
      return asked;
    }

    const loaded = (group: HTMLElement) => within(group).getByTestId('result-grid').getAttribute('data-loaded-count');
    const shownNumbers = (group: HTMLElement) => within(group).getAllByTestId('search-result').map((element) => element.getAttribute('data-design-number'));

    it('shows the first 48 of 60 with the group’s count, and “Show all 60 designs” loads the rest after them, in order', async () => {
      signedInCustomer();
      const asked = largeGroup(60);
      const user = userEvent.setup();
      renderApp('/collections-design/6');

      const [florals, stripes] = await screen.findAllByTestId('design-group', {}, SLOW);
      // The count is the group's, not the cards on the page.
      expect(within(florals!).getByTestId('design-group-count')).toHaveTextContent('60 designs');
      await waitFor(() => expect(shownNumbers(florals!)).toEqual(numbers(1, 48)));
      expect(loaded(florals!)).toBe('48');
      expect(within(florals!).getByTestId('design-group-shown')).toHaveTextContent('48 of 60 designs shown');
      expect(within(stripes!).queryByTestId('design-group-more')).not.toBeInTheDocument();
      expect(asked).toEqual([]);

      await user.click(within(florals!).getByRole('button', { name: 'Show all 60 designs' }));
      await waitFor(() => expect(loaded(florals!)).toBe('60'));
      expect(asked).toEqual(['POST 21/1/48']);
      await waitFor(() => expect(shownNumbers(florals!)).toEqual(numbers(1, 60)));
      expect(within(florals!).getByTestId('design-group-shown')).toHaveTextContent('All 60 designs shown');
      expect(within(florals!).queryByTestId('design-group-show-more')).not.toBeInTheDocument();
      // The other group is as it was.
      expect(within(stripes!).getAllByTestId('search-result')).toHaveLength(1);
    });

    it('loads a larger group a page at a time: “Show more”, then “Show all”', async () => {
      signedInCustomer();
      const asked = largeGroup(110);
      const user = userEvent.setup();
      renderApp('/collections-design/6');

      const [florals] = await screen.findAllByTestId('design-group', {}, SLOW);
      expect(within(florals!).getByTestId('design-group-count')).toHaveTextContent('110 designs');
      await user.click(within(florals!).getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(loaded(florals!)).toBe('96'));
      expect(within(florals!).getByTestId('design-group-shown')).toHaveTextContent('96 of 110 designs shown');

      await user.click(within(florals!).getByRole('button', { name: 'Show all 110 designs' }));
      await waitFor(() => expect(loaded(florals!)).toBe('110'));
      expect(asked).toEqual(['POST 21/1/48', 'POST 21/2/48']);
      await waitFor(() => expect(shownNumbers(florals!)).toEqual(numbers(1, 110)));
      expect(within(florals!).queryByTestId('design-group-show-more')).not.toBeInTheDocument();
    });

    it('keeps the cards shown and offers a retry when the next page fails', async () => {
      signedInCustomer();
      largeGroup(60);
      let fail = true;
      server.use(
        http.post('*/service/basic-colleciton/get/6/:group/:page/:pageSize', () =>
          fail ? HttpResponse.json({ code: 'internal', message: 'down' }, { status: 500 }) : undefined,
        ),
      );
      const user = userEvent.setup();
      renderApp('/collections-design/6');

      const [florals] = await screen.findAllByTestId('design-group', {}, SLOW);
      await user.click(within(florals!).getByRole('button', { name: 'Show all 60 designs' }));
      const alert = await within(florals!).findByTestId('error-alert');
      expect(loaded(florals!)).toBe('48');

      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(loaded(florals!)).toBe('60'));
      expect(within(florals!).queryByTestId('error-alert')).not.toBeInTheDocument();
    });
  });

  it('says when none of its designs is visible, and when the page is not available', async () => {
    signedInCustomer();
    server.use(
      http.post('*/service/basic-colleciton/get/6', () => HttpResponse.json(page([{ id: 21, name: 'Florals', designCount: 0, results: [] }]))),
      http.post('*/service/basic-colleciton/get/5', () => HttpResponse.json({ code: 'collection_not_found', message: 'other kind' }, { status: 404 })),
    );
    const { router } = renderApp('/collections-design/6');
    expect(await screen.findByTestId('design-page-empty', {}, SLOW)).toHaveTextContent('None of the designs on this page is visible to you');
    expect(screen.queryByTestId('design-group')).not.toBeInTheDocument();

    await act(() => router.navigate('/collections-design/5'));
    expect(await screen.findByTestId('design-page-not-found', {}, SLOW)).toHaveTextContent('This design page is not available (any more).');
  });
});

describe('stock pages', () => {
  const stock: StockPage = {
    customerName: 'Kumaş A.Ş.',
    name: 'Summer 2026',
    description: 'Picked for you',
    designs: [
      { designGuid: 'd-1', designName: '01-0559', colorwayGuid: 'c-1', colorwayName: 'VR-2', previewUri: '/service/public/stock/s3cr3t/preview/d-1/c-1' },
      { designGuid: 'd-2', designName: '01-0600', colorwayGuid: 'c-7', colorwayName: 'VR-1', previewUri: '/service/public/stock/s3cr3t/preview/d-2/c-7' },
    ],
  };

  it('shows the company’s name and the designs to a visitor without an account', async () => {
    const headers: (string | null)[] = [];
    server.use(
      http.get('*/service/public/stock/s3cr3t', ({ request }) => {
        headers.push(request.headers.get('Access-Token'));
        return HttpResponse.json(stock);
      }),
    );
    const { router } = renderApp('/custom/s3cr3t');

    expect(await screen.findByTestId('stock-company', {}, SLOW)).toHaveTextContent('Prepared for Kumaş A.Ş.');
    expect(screen.getByRole('heading', { level: 1, name: 'Summer 2026' })).toBeInTheDocument();
    const designs = screen.getAllByTestId('stock-design');
    expect(designs).toHaveLength(2);
    expect(designs[0]).toHaveTextContent('01-0559');
    expect(designs[0]).toHaveTextContent('VR-2');
    expect(within(designs[0]!).getByRole('img', { name: '01-0559 VR-2' })).toHaveAttribute('src', '/service/public/stock/s3cr3t/preview/d-1/c-1');
    // Nothing leads into the archive: no design page, no sign-in.
    expect(within(screen.getByTestId('stock-page')).queryByRole('link')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/custom/s3cr3t');
    expect(headers).toEqual([null]);
  });

  it('says a revoked or unknown link is not available', async () => {
    server.use(http.get('*/service/public/stock/old-link', () => HttpResponse.json({ code: 'stock_page_not_found', message: 'revoked' }, { status: 404 })));
    const { router } = renderApp('/custom/old-link');
    const message = await screen.findByTestId('stock-not-available', {}, SLOW);
    expect(message).toHaveTextContent('This page is not available (anymore)');
    expect(message).toHaveTextContent('Please ask your contact at the studio for a new one.');
    expect(currentPath(router)).toBe('/custom/old-link');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
