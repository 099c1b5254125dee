import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/api/query-client';
import { isApiError } from '@/api/api-error';
import { getLabels } from '@/api/reference/get-labels';
import { formOf, server } from '@/testing/server';
import { emptyFilters, searchForm } from '../lib/search-filters';
import { searchPage, signedInCustomer, type SentSearch } from '../testing/fixtures';
import { useDesignSearchPage, useInfiniteDesignSearch } from './search-designs';

function wrapper() {
  const queryClient = createQueryClient({ onLoginRequired: () => undefined, retry: false });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('search request hooks', () => {
  it('post the filters as form fields to /search/design/basic/{page}/{pageSize}', async () => {
    const { searches } = signedInCustomer({ total: 3 });
    const form = searchForm({ ...emptyFilters(), number: '01-05', labels: [11, 12], labelMode: 'any', order: 2 });
    const { result } = renderHook(() => useDesignSearchPage(form, 0, 25), { wrapper: wrapper() });

    await waitFor(() => expect(result.current.data?.totalCount).toBe(3));
    expect(searches.map(({ page, pageSize, form: sent }) => ({ page, pageSize, sent }))).toEqual([
      { page: 0, pageSize: 25, sent: { number: '01-05', labels: '11,12', labelSearchMode: 'any', order: '2' } },
    ]);
    expect(result.current.data?.results.map((row) => row.designName)).toEqual(['01-0001', '01-0002', '01-0003']);
  });

  it('append the next pages and stop after the last one', async () => {
    const { searches } = signedInCustomer({ total: 60 });
    const { result } = renderHook(() => useInfiniteDesignSearch({ order: '0' }, 25), { wrapper: wrapper() });

    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());

    await waitFor(() => expect(result.current.data?.pages).toHaveLength(3));
    expect(result.current.data?.pages.flatMap((page) => page.results)).toHaveLength(60);
    expect(result.current.hasNextPage).toBe(false);
    expect(searches.map((search) => search.page)).toEqual([0, 1, 2]);
  });

  it('cancel the pending search when a new one starts, and start it from page 0', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { searches } = signedInCustomer({
      answer: async (search: SentSearch) => {
        if (search.form.number === 'slow') await held;
        return searchPage(search.page, search.pageSize, 10);
      },
    });
    const { result, rerender } = renderHook(({ number }) => useInfiniteDesignSearch({ number, order: '0' }, 25), {
      wrapper: wrapper(),
      initialProps: { number: 'slow' },
    });
    await waitFor(() => expect(searches).toHaveLength(1));

    rerender({ number: 'fast' });
    await waitFor(() => expect(result.current.data?.pages[0]?.totalCount).toBe(10));
    expect(result.current.isPlaceholderData).toBe(false);
    expect(searches.map((search) => [search.form.number, search.page])).toEqual([
      ['slow', 0],
      ['fast', 0],
    ]);
    expect(searches[0]?.signal.aborted).toBe(true);
    release();
  });

  it('turn a refused filter into the invalid_search error', async () => {
    signedInCustomer({ answer: () => HttpResponse.json({ code: 'invalid_search', message: 'colorDistance out of range' }, { status: 400 }) });
    const { result } = renderHook(() => useDesignSearchPage({ color: '#FF0000', colorDistance: '99', order: '0' }, 0, 25), { wrapper: wrapper() });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(isApiError(result.current.error) && result.current.error.code).toBe('invalid_search');
  });

  it('ask for the labels in the user language', async () => {
    let sent: Record<string, string> | undefined;
    server.use(
      http.post('*/service/get/labels', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json([]);
      }),
    );
    await expect(getLabels('tr')).resolves.toEqual([]);
    expect(sent).toEqual({ language: 'tr' });
  });
});
