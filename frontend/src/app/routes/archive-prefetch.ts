import type { QueryClient } from '@tanstack/react-query';
import { prefetchFirstSearch } from '@/features/archive/api/prefetch-first-search';
import { prefetchBanners } from '@/features/collections/api/prefetch-banners';

/**
 * What the archive route (/ and /archive) shows first, asked for while the page loads (src/app/app.tsx):
 * its first search with the first row's thumbnails, and its banners. Comes with the route's chunk.
 */
export function prefetchArchive(queryClient: QueryClient, search: string): void {
  void prefetchFirstSearch(queryClient, new URLSearchParams(search));
  void prefetchBanners(queryClient);
}
