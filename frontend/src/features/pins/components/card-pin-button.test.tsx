import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, testUser, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { SearchResult } from '@/types/search';
import type { Pin } from '../types';

const SLOW = { timeout: 5000 };

/** The design numbered 01-000n (guid d-n), on its first colorway. */
function result(number: number, pinned: boolean): SearchResult {
  return {
    designGuid: `d-${number}`,
    designName: `01-${String(number).padStart(4, '0')}`,
    designType: 'digital',
    activeVariantGuid: `c-${number}`,
    activeVariantName: 'VR-1',
    originalVariantGuid: `c-${number}`,
    originalVariantName: 'VR-1',
    labels: [],
    moldState: 'none',
    isConfined: false,
    pinned,
    colorwayCount: 1,
    colorways: [],
    thumbnail: `/service/design/thumbnail/d/v/d-${number}/c-${number}`,
    thumbnails: {},
    colorDistance: null,
  };
}

function pin(designGuid: string, position: number): Pin {
  return { designGuid, designName: `01-${designGuid.slice(2).padStart(4, '0')}`, originalName: null, colorwayGuid: null, thumbnail: null, position };
}

/** The archive as the server orders it: the pinned designs first, in their order, then 01-0001, 01-0002, 01-0003. */
function archive(pins: readonly string[]): SearchResult[] {
  const all = [1, 2, 3].map((number) => result(number, pins.includes(`d-${number}`)));
  const pinned = pins.flatMap((guid) => all.filter((design) => design.designGuid === guid));
  return [...pinned, ...all.filter((design) => !pins.includes(design.designGuid))];
}

/**
 * A server holding the pins (`initial`, design guids in order) that answers the archive search by
 * them and replaces them on each PUT (answering `refuse` instead when it returns a response);
 * records every save, every read of the pins and how many searches were made.
 */
function pinsServer(initial: string[], refuse?: (designGuids: string[]) => Response | undefined) {
  let pins = [...initial];
  const saves: string[][] = [];
  const calls = { searches: 0, pinReads: 0 };
  server.use(
    http.post('*/service/search/design/basic/:page/:pageSize', ({ params }) => {
      calls.searches += 1;
      const results = archive(pins);
      return HttpResponse.json({ results, totalCount: results.length, totalPage: 1, currentPage: Number(params.page), pageSize: Number(params.pageSize) });
    }),
    http.get('*/service/admin/pins', () => {
      calls.pinReads += 1;
      return HttpResponse.json(pins.map(pin));
    }),
    http.put('*/service/admin/pins', async ({ request }) => {
      const { designGuids } = (await request.json()) as { designGuids: string[] };
      saves.push(designGuids);
      const refusal = refuse?.(designGuids);
      if (refusal) return refusal;
      pins = designGuids;
      return HttpResponse.json(pins.map(pin));
    }),
  );
  return { saves, calls };
}

function signInAdmin() {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true, secondFactor: 'verify' }))));
}

/** The design numbers of the cards, in order. */
const order = () => screen.getAllByTestId('search-result').map((card) => card.getAttribute('data-design-number'));

const card = (number: string) => screen.getAllByTestId('search-result').find((element) => element.getAttribute('data-design-number') === number)!;

describe('pinning from the archive results', () => {
  it('pins a design from its card: the whole list is saved with it last, and the results follow', async () => {
    signInAdmin();
    const { saves, calls } = pinsServer(['d-2']);
    const user = userEvent.setup();
    renderApp('/');
    const pinButton = await screen.findByRole('button', { name: 'Pin 01-0003' }, SLOW);
    expect(order()).toEqual(['01-0002', '01-0001', '01-0003']);
    expect(screen.getByRole('button', { name: 'Unpin 01-0002' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin 01-0001' })).toBeInTheDocument();
    expect(within(card('01-0003')).queryByTestId('badge-pinned')).not.toBeInTheDocument();
    const searchesBefore = calls.searches;

    await user.click(pinButton);
    await waitFor(() => expect(saves).toEqual([['d-2', 'd-3']]));
    expect(await screen.findByText('01-0003 was pinned.')).toBeInTheDocument();
    // The search is asked again: the design follows the one pinned before it, its card says so.
    await waitFor(() => expect(order()).toEqual(['01-0002', '01-0003', '01-0001']));
    expect(calls.searches).toBeGreaterThan(searchesBefore);
    expect(within(card('01-0003')).getByTestId('badge-pinned')).toBeInTheDocument();
    expect(within(card('01-0003')).getByRole('button', { name: 'Unpin 01-0003' })).toBeEnabled();
  });

  it('unpins a design from its card: the list is saved without it', async () => {
    signInAdmin();
    const { saves } = pinsServer(['d-2', 'd-3']);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Unpin 01-0002' }, SLOW));
    await waitFor(() => expect(saves).toEqual([['d-3']]));
    expect(await screen.findByText('01-0002 was unpinned.')).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(['01-0003', '01-0001', '01-0002']));
    expect(within(card('01-0002')).queryByTestId('badge-pinned')).not.toBeInTheDocument();
    expect(within(card('01-0002')).getByRole('button', { name: 'Pin 01-0002' })).toBeEnabled();
  });

  it('says why when the server refuses the pin, and shows the design unpinned again', async () => {
    signInAdmin();
    const { saves } = pinsServer(['d-2'], () => HttpResponse.json({ code: 'too_many_pins', message: 'at most 100' }, { status: 400 }));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Pin 01-0001' }, SLOW));
    expect(await screen.findByText('At most 100 designs can be pinned. Unpin a design first.')).toBeInTheDocument();
    expect(saves).toEqual([['d-2', 'd-1']]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pin 01-0001' })).toBeEnabled());
    expect(order()).toEqual(['01-0002', '01-0001', '01-0003']);
  });

  it('pins no 101st design: says so without asking the server', async () => {
    signInAdmin();
    const full = Array.from({ length: 100 }, (_, index) => `d-${index + 101}`);
    const { saves } = pinsServer(full);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Pin 01-0001' }, SLOW));
    expect(await screen.findByText('At most 100 designs can be pinned. Unpin a design first.')).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('gives customers no pin: they see which designs are pinned, and their pins are never read', async () => {
    setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
    server.use(http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())));
    const { calls } = pinsServer(['d-2']);
    renderApp('/');
    await waitFor(() => expect(screen.getAllByTestId('card-favorite')).toHaveLength(3), SLOW);
    expect(order()).toEqual(['01-0002', '01-0001', '01-0003']);
    expect(within(card('01-0002')).getByTestId('badge-pinned')).toBeInTheDocument();
    expect(screen.queryByTestId('card-pin')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Pin|Unpin) / })).not.toBeInTheDocument();
    expect(calls.pinReads).toBe(0);
  });
});
