import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { searchSimilar } from './search-similar';
import { PICTURE_FIELD, type SearchForm } from '../lib/search-filters';
import { nextPageOf, type SearchPage } from '@/types/search';
import { archiveKeys } from './keys';

/** Search pages stay in the cache while a design is open, so going back shows them at once. */
const SEARCH_STALE_TIME = 5 * 60_000;
const SEARCH_GC_TIME = 30 * 60_000;

/**
 * POST /search/design/basic/{page}/{pageSize} (page from 0), or with a picture POST /search/similar. The signal cancels the call when a
 * newer search replaces it.
 */
export async function searchDesigns(form: SearchForm, page: number, pageSize: number, signal?: AbortSignal): Promise<SearchPage> {
  // A search by picture sends the picture itself, as a file.
  const { [PICTURE_FIELD]: picture, ...fields } = form;
  if (picture) return searchSimilar(picture, fields, page, pageSize, signal);
  const answer = await apiPost<Partial<SearchPage>>(`/search/design/basic/${page}/${pageSize}`, form, signal);
  return {
    results: Array.isArray(answer.results) ? answer.results : [],
    totalCount: answer.totalCount ?? 0,
    totalPage: answer.totalPage ?? 0,
    currentPage: answer.currentPage ?? page,
    pageSize: answer.pageSize ?? pageSize,
  };
}


/** Appended results (infinite scroll): each page is added to the ones before. */
export function infiniteSearchQueryOptions(form: SearchForm, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: archiveKeys.infinite(form, pageSize),
    queryFn: ({ pageParam, signal }) => searchDesigns(form, pageParam, pageSize, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
    staleTime: SEARCH_STALE_TIME,
    gcTime: SEARCH_GC_TIME,
  });
}

/** `enabled` false: the other paging mode is in use (both hooks stay mounted, one fetches). */
export function useInfiniteDesignSearch(form: SearchForm, pageSize: number, enabled = true) {
  return useInfiniteQuery({ ...infiniteSearchQueryOptions(form, pageSize), enabled });
}

/** One page of results (classic paging). */
export function searchPageQueryOptions(form: SearchForm, page: number, pageSize: number) {
  return queryOptions({
    queryKey: archiveKeys.page(form, page, pageSize),
    queryFn: ({ signal }) => searchDesigns(form, page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: SEARCH_STALE_TIME,
    gcTime: SEARCH_GC_TIME,
  });
}

export function useDesignSearchPage(form: SearchForm, page: number, pageSize: number, enabled = true) {
  return useQuery({ ...searchPageQueryOptions(form, page, pageSize), enabled });
}
