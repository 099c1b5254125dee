import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { customerView, designHeader } from '@/testing/design-header';
import { currentPath, renderApp } from '@/testing/render-app';
import { designServer, rotaryHeader, signedInCustomer } from '../testing/fixtures';

// OpenSeadragon needs a canvas, which jsdom lacks: the lazily loaded viewer is replaced.
jest.mock('./deep-zoom-canvas', () => jest.requireActual('../testing/deep-zoom-canvas-mock'));

const SLOW = { timeout: 5000 };
/** A view's event id: a random UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function openPage(path: string) {
  const view = renderApp(path);
  await screen.findByTestId('design-page', undefined, SLOW);
  return view;
}

describe('design page', () => {
  afterEach(async () => {
    // Unmounted first: the language switch back would otherwise re-render a page no test watches.
    cleanup();
    await changeLocale('en');
  });

  it('shows every attribute, dimensions to 2 decimals, colours, labels and orders', async () => {
    signedInCustomer();
    const { headerForms, views } = designServer(rotaryHeader());
    await openPage('/design/d-1');

    expect(headerForms).toEqual([{ designGuid: 'd-1', language: 'en' }]);
    expect(screen.getByTestId('design-number')).toHaveTextContent('01-0559');
    expect(document.title).toBe('01-0559 VR-1 · Desen');

    const info = within(screen.getByTestId('design-info'));
    const fact = (key: string) => info.getByText((_, element) => element?.getAttribute('data-fact') === key);
    expect(fact('designNumber')).toHaveTextContent('01-0559');
    expect(fact('screenStatus')).toHaveTextContent('Engraved');
    expect(fact('screenCount')).toHaveTextContent('4');
    expect(fact('designType')).toHaveTextContent('Rotary');
    expect(fact('confined')).toHaveTextContent('Closed');
    expect(fact('colorwayCount')).toHaveTextContent('2');
    expect(fact('sizeCm')).toHaveTextContent('33.87 × 25.40 cm');
    expect(fact('sizePx')).toHaveTextContent('4,000 × 3,000 px');
    expect(fact('repeat')).toHaveTextContent('Offset 1/2, vertical');
    expect(fact('resolution')).toHaveTextContent('300 dpi');
    expect(fact('uploaded')).toHaveTextContent(/^Jan 2, 2025, 10:00\sAM$/);
    expect(fact('edited')).toHaveTextContent(/^Jan 2, 2025/);
    expect(fact('archive')).toHaveTextContent('Main archive');
    expect(fact('studio')).toHaveTextContent('Studio A');
    expect(fact('originalName')).toHaveTextContent('rose');
    expect(fact('notes')).toHaveTextContent('Repeat checked by the studio');
    expect(fact('customer')).toHaveTextContent('Bursa Tekstil');
    expect(fact('closedCountries')).toHaveTextContent('Russia');
    // Parameters by generic names, only those set.
    expect(fact('dp3')).toHaveTextContent('silk');
    expect(info.getByText('Parameter 4')).toBeInTheDocument();
    expect(info.queryByText(/^dp\d$/)).not.toBeInTheDocument();
    expect(info.queryByText('Parameter 1')).not.toBeInTheDocument();

    // Labels as chips, in the language asked for.
    expect(screen.getAllByTestId('design-label').map((chip) => chip.textContent)).toEqual(['Floral']);

    // The shown colorway: palette by share, and the screens of a rotary design.
    expect(screen.getByTestId('active-colorway')).toHaveTextContent('VR-1');
    expect(screen.getAllByTestId('palette-color').map((item) => item.textContent)).toEqual(['#c0304060%', '#202a4425%', '#f1ead815%']);
    expect(screen.getAllByTestId('colorizable').map((item) => item.textContent)).toEqual(['Red#c03040', 'Navy#202a44']);

    // Orders, newest first, with their unit and translated type.
    const orders = within(screen.getByTestId('orders-panel'));
    expect(orders.getAllByTestId('order-row').map((row) => row.textContent)).toEqual(['—12.5 mSampleNov 20, 2024', 'Bursa Tekstil1,200 mProductionMar 4, 2024']);

    // The zoomable image of the shown colorway, and one recorded view.
    const viewer = screen.getByTestId('zoom-viewer');
    await waitFor(() => expect(viewer).toHaveAttribute('data-state', 'ready'));
    expect(within(viewer).getByTestId('deep-zoom-canvas')).toHaveAttribute('data-tiles', '/service/design/tiles/d-1/c-1/k1/image.dzi');
    expect(within(viewer).getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await waitFor(() => expect(views).toEqual([{ designGuid: 'd-1', colorwayGuid: 'c-1', eventId: expect.stringMatching(UUID) }]));

    // Only the actions that work: adding the colorway to a favorite list.
    const actions = within(screen.getByRole('toolbar', { name: 'Design actions' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['Add to list']);
  });

  it('switches colorways in place: the address is replaced and each shown colorway is recorded once', async () => {
    const user = userEvent.setup();
    signedInCustomer();
    const { headerForms, views } = designServer();
    const { router } = await openPage('/design/d-1');

    const options = screen.getAllByTestId('colorway-option');
    expect(options.map((option) => option.getAttribute('data-colorway-name'))).toEqual(['VR-1', 'VR-2']);
    expect(options[0]).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(views).toEqual([{ designGuid: 'd-1', colorwayGuid: 'c-1', eventId: expect.stringMatching(UUID) }]));

    await user.click(screen.getByRole('button', { name: 'Show colorway VR-2' }));

    expect(currentPath(router)).toBe('/design/d-1/c-2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('active-colorway')).toHaveTextContent('VR-2');
    expect(screen.getAllByTestId('colorway-option')[1]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('deep-zoom-canvas')).toHaveAttribute('data-tiles', '/service/design/tiles/d-1/c-2/k1/image.dzi');
    expect(document.title).toBe('01-0559 VR-2 · Desen');
    await waitFor(() => expect(views).toHaveLength(2));
    expect(views[1]).toEqual({ designGuid: 'd-1', colorwayGuid: 'c-2', eventId: expect.stringMatching(UUID) });
    // Each view has its own event id (a retry would send the same one).
    expect(views[1]?.eventId).not.toEqual(views[0]?.eventId);

    // Choosing the shown colorway again changes nothing; the arrow keys move along the strip.
    await user.click(screen.getByRole('button', { name: 'Show colorway VR-2' }));
    await user.keyboard('{ArrowLeft}');
    expect(currentPath(router)).toBe('/design/d-1/c-1');
    await waitFor(() => expect(views).toHaveLength(3));
    expect(headerForms).toHaveLength(1);

    // A digital design shows no screens, and an empty order history says so.
    expect(screen.queryByTestId('colorizable')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('orders-panel')).getByTestId('orders-empty')).toHaveTextContent('No orders yet.');
  });

  it('shows a customer only the fields the server sent: no blank rows, their own orders', async () => {
    signedInCustomer();
    const header = customerView(rotaryHeader());
    delete header.designStudio;
    delete header.closedCountries;
    header.dynamicParameters = { dp3: 'silk' };
    header.orders = [{ customer: 'Bursa Tekstil', amount: 120, unit: 'm', orderType: 'reorder', orderedAt: '2024-03-04T09:30:00Z' }];
    designServer(header);
    await openPage('/design/d-1');

    const info = screen.getByTestId('design-info');
    const facts = [...info.querySelectorAll('[data-fact]')].map((element) => element.getAttribute('data-fact'));
    for (const hidden of ['notes', 'originalName', 'studio', 'closedCountries', 'dp0', 'dp1']) expect(facts).not.toContain(hidden);
    expect(facts).toContain('dp3');
    expect(within(info).queryByText('Notes')).not.toBeInTheDocument();
    expect(within(info).queryByText('Original name')).not.toBeInTheDocument();
    // Every row has a value: nothing blank.
    for (const value of info.querySelectorAll('dd')) expect(value.textContent?.trim()).not.toBe('');

    const orders = screen.getByTestId('orders-panel');
    expect(orders).toHaveAttribute('data-scope', 'own');
    expect(within(orders).getAllByTestId('order-row').map((row) => row.textContent)).toEqual(['Bursa Tekstil120 mReorderMar 4, 2024']);
    expect(orders).toHaveTextContent('Only your company’s orders are shown.');
  });

  it('says a customer’s company has no orders yet, and translates order types and units', async () => {
    signedInCustomer();
    designServer(customerView(designHeader({ orders: [] })));
    const first = await openPage('/design/d-1');
    expect(within(screen.getByTestId('orders-panel')).getByTestId('orders-empty')).toHaveTextContent('No orders from your company yet.');
    first.unmount();

    await changeLocale('ru');
    designServer(designHeader({ orders: [{ customer: 'Bursa Tekstil', amount: 120, unit: 'm', orderType: 'sample', orderedAt: '2024-03-04T09:30:00Z' }], dynamicParameters: { dp0: 'Шёлк' } }));
    await openPage('/design/d-1');
    const row = screen.getByTestId('order-row');
    expect(row).toHaveTextContent('120 м');
    expect(row).toHaveTextContent('Образец');
    expect(within(screen.getByTestId('design-info')).getByText('Параметр 1')).toBeInTheDocument();
  });

  it('opens the colorway the address names, and corrects an address naming an unknown one', async () => {
    signedInCustomer();
    const { views } = designServer();
    // Bringing the shown colorway into the strip must not scroll the page (the number would slide under the app bar).
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const first = await openPage('/design/d-1/c-2');
    expect(screen.getByTestId('active-colorway')).toHaveTextContent('VR-2');
    expect(scrollIntoView).not.toHaveBeenCalled();
    await waitFor(() => expect(views).toEqual([{ designGuid: 'd-1', colorwayGuid: 'c-2', eventId: expect.stringMatching(UUID) }]));
    first.unmount();

    const second = await openPage('/design/d-1/gone');
    await waitFor(() => expect(currentPath(second.router)).toBe('/design/d-1/c-1'));
    expect(screen.getByTestId('active-colorway')).toHaveTextContent('VR-1');
  });

  it('shows a translated "design not found" for a design the user may not see, with the way back', async () => {
    signedInCustomer();
    const { views } = designServer('not-found');
    renderApp('/design/secret');

    const notFound = await screen.findByTestId('design-not-found', undefined, SLOW);
    expect(notFound).toHaveTextContent('Design not found');
    expect(within(notFound).getByRole('link', { name: 'Back to the archive' })).toHaveAttribute('href', '/archive');
    expect(screen.queryByTestId('design-page')).not.toBeInTheDocument();
    expect(views).toEqual([]);
  });

  it('shows the preview when the tiles cannot be read', async () => {
    signedInCustomer();
    const header = designHeader();
    header.colorways[0]!.images.tiles = '/service/design/tiles/d-1/c-1/broken/image.dzi';
    designServer(header);
    await openPage('/design/d-1');

    const viewer = screen.getByTestId('zoom-viewer');
    await waitFor(() => expect(viewer).toHaveAttribute('data-state', 'failed'));
    expect(within(viewer).getByTestId('zoom-preview')).toHaveAttribute('src', '/service/design/preview/d-1/c-1');
    expect(within(viewer).getByRole('status')).toHaveTextContent('The zoomable image is not available: the preview is shown.');
    expect(within(viewer).getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  });

  it('asks for the header in the interface language', async () => {
    signedInCustomer();
    await changeLocale('tr');
    const { headerForms } = designServer();
    await openPage('/design/d-1');
    expect(headerForms).toEqual([{ designGuid: 'd-1', language: 'tr' }]);
    expect(screen.getByRole('heading', { name: 'Desen bilgileri' })).toBeInTheDocument();
    expect(screen.getByTestId('back-to-results')).toHaveTextContent('Sonuçlara dön');
  });

  it('goes back to the search it came from, else to /archive', async () => {
    const user = userEvent.setup();
    signedInCustomer();
    designServer();

    // Opened directly: the button leads to the archive.
    const direct = await openPage('/design/d-1');
    expect(screen.getByTestId('back-to-results')).toHaveAttribute('href', '/archive');
    await user.click(screen.getByTestId('back-to-results'));
    await waitFor(() => expect(currentPath(direct.router)).toBe('/archive'));
    expect(direct.router.state.historyAction).toBe('PUSH');
    direct.unmount();

    // Opened from the search (and a colorway switched): the browser's Back, which keeps the search's state.
    const fromSearch = renderApp('/archive');
    await waitFor(() => expect(fromSearch.router.state.initialized).toBe(true));
    await act(() => fromSearch.router.navigate('/design/d-1'));
    await screen.findByTestId('design-page', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Show colorway VR-2' }));
    await user.click(screen.getByTestId('back-to-results'));
    await waitFor(() => expect(currentPath(fromSearch.router)).toMatch(/^\/archive/));
    expect(fromSearch.router.state.historyAction).toBe('POP');
  });
});
