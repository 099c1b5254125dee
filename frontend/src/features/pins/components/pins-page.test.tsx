import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { Pin } from '../types';

const SLOW = { timeout: 5000 };

function pin(number: number, position: number): Pin {
  const guid = `d-${number}`;
  return {
    designGuid: guid,
    designName: `01-${String(number).padStart(4, '0')}`,
    originalName: `design_${number}.tif`,
    colorwayGuid: `c-${number}`,
    thumbnail: `/service/image/thumbnail/${guid}`,
    position,
  };
}

const seeded = [pin(1, 0), pin(2, 1), pin(3, 2)];

/** A design of GET /admin/design/search as the server writes it (DesignSummary). */
function summary(number: number) {
  const { designGuid, designName, originalName, thumbnail } = pin(number, 0);
  return { designGuid, designName, archiveId: 1, designType: 'digital', originalName, studio: 'Desen', uploadDate: '2025-01-02T10:00:00Z', firstColorwayGuid: `c-${number}`, thumbnail };
}

/**
 * An admin on /admin/pin; the server keeps the pins and replaces them on each PUT (answering
 * `refuse` instead when it returns a response), and records every save and design search.
 */
function openPins(refuse?: (designGuids: string[]) => Response | undefined) {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  let pins = [...seeded];
  const saves: string[][] = [];
  const searches: string[] = [];
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.get('*/service/admin/pins', () => HttpResponse.json(pins)),
    http.put('*/service/admin/pins', async ({ request }) => {
      const { designGuids } = (await request.json()) as { designGuids: string[] };
      saves.push(designGuids);
      const refusal = refuse?.(designGuids);
      if (refusal) return refusal;
      pins = designGuids.map((guid, position) => ({ ...pin(Number(guid.slice(2)), position) }));
      return HttpResponse.json(pins);
    }),
    http.get('*/service/admin/design/search', ({ request }) => {
      const url = new URL(request.url);
      searches.push(url.search);
      return HttpResponse.json({ items: [summary(1), summary(7)], totalCount: 2, totalPage: 1, currentPage: 0 });
    }),
  );
  const user = userEvent.setup();
  renderApp('/admin/pin');
  return { user, saves, searches };
}

const order = () => screen.getAllByTestId('pinned-design').map((row) => within(row).getByText(/^01-/).textContent);

describe('admin design pinning', () => {
  it('lists the pinned designs in order, with their thumbnails, numbers and file names, and says what pinning does', async () => {
    openPins();
    const rows = await screen.findAllByTestId('pinned-design', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Design Pinning' })).toBeInTheDocument();
    expect(screen.getByTestId('pins-intro')).toHaveTextContent('Pinned designs lead the archive in this order, before every other design; customers see only those their pool admits.');
    expect(order()).toEqual(['01-0001', '01-0002', '01-0003']);
    expect(rows[0]).toHaveTextContent('1');
    expect(rows[0]).toHaveTextContent('design_1.tif');
    expect(within(rows[0]!).getByTestId('thumbnail')).toHaveAttribute('src', '/service/image/thumbnail/d-1');
    expect(screen.getByTestId('pins-count')).toHaveTextContent('3 pinned designs.');
    expect(screen.getByRole('list', { name: 'Pinned designs' })).toBeInTheDocument();
  });

  it('pins a design found by number: the autocomplete shows thumbnails, and the whole list is saved', async () => {
    const { user, saves, searches } = openPins();
    await screen.findAllByTestId('pinned-design', {}, SLOW);
    await user.type(screen.getByRole('combobox', { name: 'Pin a design by number' }), '01-00');
    const option = await screen.findByRole('option', { name: /01-0007/ }, SLOW);
    expect(searches).toContain('?query=01-00&page=0&pageSize=10');
    expect(within(option).getByTestId('thumbnail')).toHaveAttribute('src', '/service/image/thumbnail/d-7');
    expect(option).toHaveTextContent('design_7.tif');
    // An already pinned design is offered, but cannot be picked again.
    expect(screen.getByRole('option', { name: /01-0001/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(option);
    // Shown before the server answers.
    await waitFor(() => expect(order()).toEqual(['01-0001', '01-0002', '01-0003', '01-0007']));
    await waitFor(() => expect(saves).toEqual([['d-1', 'd-2', 'd-3', 'd-7']]));
    expect(await screen.findByText('01-0007 was pinned.')).toBeInTheDocument();
    expect(screen.getByTestId('pins-count')).toHaveTextContent('4 pinned designs.');
  });

  it('reorders with the move buttons, keeping the focus on the moved design, and saves the new order', async () => {
    const { user, saves } = openPins();
    await screen.findAllByTestId('pinned-design', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Move 01-0003 up' }));
    await waitFor(() => expect(order()).toEqual(['01-0001', '01-0003', '01-0002']));
    await waitFor(() => expect(saves).toEqual([['d-1', 'd-3', 'd-2']]));
    expect(screen.getByRole('button', { name: 'Move 01-0003 up' })).toHaveFocus();

    // From the keyboard: Enter on the focused button moves it again; at the top, the focus goes to its other arrow.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(order()).toEqual(['01-0003', '01-0001', '01-0002']));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual(['d-3', 'd-1', 'd-2']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move 01-0003 down' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Move 01-0001 down' }));
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves[2]).toEqual(['d-3', 'd-2', 'd-1']);
    await waitFor(() => expect(order()).toEqual(['01-0003', '01-0002', '01-0001']));
  });

  it('reorders by drag and drop', async () => {
    const { saves } = openPins();
    const [first, , third] = await screen.findAllByTestId('pinned-design', {}, SLOW);
    const dataTransfer = () => ({ setData: () => undefined, getData: () => '', effectAllowed: 'all', dropEffect: 'move', types: ['text/plain'] });
    fireEvent.dragStart(first!, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(third!, { dataTransfer: dataTransfer() });
    fireEvent.drop(third!, { dataTransfer: dataTransfer() });
    fireEvent.dragEnd(first!, { dataTransfer: dataTransfer() });
    await waitFor(() => expect(order()).toEqual(['01-0002', '01-0003', '01-0001']));
    await waitFor(() => expect(saves).toEqual([['d-2', 'd-3', 'd-1']]));
  });

  it('unpins a design', async () => {
    const { user, saves } = openPins();
    await screen.findAllByTestId('pinned-design', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Unpin 01-0002' }));
    await waitFor(() => expect(order()).toEqual(['01-0001', '01-0003']));
    await waitFor(() => expect(saves).toEqual([['d-1', 'd-3']]));
    expect(await screen.findByText('2 pinned designs. Drag a row or use the arrows to change the order; every change is saved at once.')).toBeInTheDocument();
  });

  it('puts the list back and says why when the server refuses a change', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, saves } = openPins(() => undefined);
    await screen.findAllByTestId('pinned-design', {}, SLOW);
    // The list read again after the refusal is held too: the rollback shows before it answers.
    let releaseList: () => void = () => undefined;
    const heldList = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    server.use(
      http.put('*/service/admin/pins', async ({ request }) => {
        saves.push(((await request.json()) as { designGuids: string[] }).designGuids);
        await held;
        return HttpResponse.json({ code: 'design_not_found', message: 'gone' }, { status: 404 });
      }),
      http.get('*/service/admin/pins', async () => {
        await heldList;
        return HttpResponse.json(seeded);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Unpin 01-0001' }));
    // Gone before the server answers …
    await waitFor(() => expect(order()).toEqual(['01-0002', '01-0003']));
    await waitFor(() => expect(saves).toEqual([['d-2', 'd-3']]));
    release();
    // … and back when the server refuses.
    expect(await screen.findByText('Design not found.')).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(['01-0001', '01-0002', '01-0003']));
    releaseList();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(order()).toEqual(['01-0001', '01-0002', '01-0003']);
  });

  it('pins no more than 100 designs', async () => {
    setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
    server.use(
      http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
      http.get('*/service/admin/pins', () => HttpResponse.json(Array.from({ length: 100 }, (_, index) => pin(index + 1, index)))),
    );
    renderApp('/admin/pin');
    await screen.findAllByTestId('pinned-design', {}, SLOW);
    expect(screen.getByRole('combobox', { name: 'Pin a design by number' })).toBeDisabled();
    expect(screen.getByText('100 designs are pinned, the most there can be: unpin one to pin another.')).toBeInTheDocument();
  });
});
