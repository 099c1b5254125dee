import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { updateClientSettings } from '@/lib/client-settings';
import { clientConfiguration } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import { signedInCustomer } from '../testing/fixtures';
import { prefetchFirstSearch } from './prefetch-first-search';

const SLOW = { timeout: 5000 };

describe('the archive search asked for before the screen renders', () => {
  it.each([
    { mode: 'appended results', infinite: true, search: 'sort=2&labels=11,12' },
    { mode: 'paged results', infinite: false, search: 'page=2&number=01-00' },
  ])('is the search the screen reads, so it is sent once ($mode)', async ({ infinite, search }) => {
    updateClientSettings({ infinityScroll: infinite, combineLabelSearch: false });
    const { searches } = signedInCustomer({ total: 60 });
    // The studio's defaults (archive, order, page size) take part in the search.
    server.use(http.get('*/service/get/configuration', () => HttpResponse.json(clientConfiguration({ defaultArchiveId: 2, defaultOrder: 1, pageSize: 40 }))));
    const { queryClient } = renderApp(`/archive?${search}`);

    await act(() => prefetchFirstSearch(queryClient, new URLSearchParams(search)));
    expect((await screen.findAllByTestId('search-result', {}, SLOW)).length).toBeGreaterThan(0);
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ page: infinite ? 0 : 1, pageSize: 40, form: expect.objectContaining({ archive: '2' }) });
  });

  it('leaves a filter on a field the viewer may not see to the screen', async () => {
    const { searches } = signedInCustomer({ total: 3 });
    // A page that does not search: only the prefetch could.
    const { queryClient } = renderApp('/favorites');

    await act(() => prefetchFirstSearch(queryClient, new URLSearchParams('studio=North')));
    expect(searches).toHaveLength(0);
  });
});
