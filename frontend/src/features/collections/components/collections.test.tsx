import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testUser, validAnswer } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
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
    ...({ parentId: null, position: 0, kind: null, itemCount: 0 } as object),
    ...overrides,
  };
}

/** The archive's card of design `n` (01-000n) on colorway VR-1 (crates/search/src/cards.rs SearchResult). */
function card(n: number): SearchResult {
  return {
    designGuid: `d-${n}`,
    designName: `01-000${n}`,
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
            { id: 21, name: 'Florals', results: [card(3), card(1)] },
            { id: 22, name: 'Hidden from you', results: [] },
            { id: 23, name: 'Stripes', results: [card(2)] },
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
  });

  it('says when none of its designs is visible, and when the page is not available', async () => {
    signedInCustomer();
    server.use(
      http.post('*/service/basic-colleciton/get/6', () => HttpResponse.json(page([{ id: 21, name: 'Florals', results: [] }]))),
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
