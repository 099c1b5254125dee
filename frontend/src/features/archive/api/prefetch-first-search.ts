import type { QueryClient } from '@tanstack/react-query';
import { configurationQueryOptions } from '@/api/reference/get-configuration';
import { getClientSettings } from '@/lib/client-settings';
import { imageUrl } from '@/lib/image-url';
import { preloadImages } from '@/lib/preload-images';
import { estimatedGridWidth, gridColumns } from '../lib/grid-layout';
import { isFilterActive, parseFilters, parsePage, restrictedFilters, searchDefaults, searchForm, validPageSize } from '../lib/search-filters';
import { infiniteSearchQueryOptions, searchPageQueryOptions } from './search-designs';

/**
 * The archive's first search on a page load (src/app/app.tsx), asked for as soon as the studio's
 * settings are read instead of once the screen has rendered: the same query the screen reads (its
 * defaults, form, page size and paging mode), which finds it under way or answered. With the answer,
 * the first row's thumbnails are requested, before the cards that show them render.
 */
export async function prefetchFirstSearch(queryClient: QueryClient, params: URLSearchParams): Promise<void> {
  const configuration = await queryClient.fetchQuery(configurationQueryOptions()).catch(() => null);
  // Unread settings: the screen decides (it searches with the built-in defaults).
  if (!configuration) return;
  const settings = getClientSettings();
  const filters = parseFilters(params, searchDefaults(settings.combineLabelSearch, configuration.defaultArchiveId, configuration.defaultOrder));
  // A filter on a field the viewer may not see waits for the field list on the screen: not guessed here.
  if (restrictedFilters.some((key) => isFilterActive(filters, key))) return;
  const form = searchForm(filters);
  const pageSize = validPageSize(configuration.pageSize);
  try {
    const page = settings.infinityScroll
      ? (await queryClient.fetchInfiniteQuery(infiniteSearchQueryOptions(form, pageSize))).pages[0]
      : await queryClient.fetchQuery(searchPageQueryOptions(form, parsePage(params), pageSize));
    const columns = gridColumns(estimatedGridWidth(window.innerWidth));
    preloadImages((page?.results ?? []).slice(0, columns).map((result) => imageUrl(result.thumbnail, configuration.contentImageBase)));
  } catch {
    // The screen shows the failure (its query is this one).
  }
}
