import type { QueryClient } from '@tanstack/react-query';
import { collectionsQueryOptions } from '@/api/reference/get-collections';
import { configurationQueryOptions } from '@/api/reference/get-configuration';
import { preloadImages } from '@/lib/preload-images';
import { bannersHidden } from '../lib/banner-dismissal';
import { stripItemImage, stripItems } from '../lib/banner-items';

/**
 * The archive's banner strip on a page load (src/app/app.tsx): the collections it lists asked for
 * with the page instead of once the strip has rendered, and the first banner's picture (usually the
 * largest thing on the screen) requested as soon as it is known. The same queries the strip reads.
 */
export async function prefetchBanners(queryClient: QueryClient): Promise<void> {
  if (bannersHidden()) return;
  const collections = queryClient.fetchQuery(collectionsQueryOptions()).catch(() => []);
  const configuration = await queryClient.fetchQuery(configurationQueryOptions()).catch(() => null);
  const studio = configuration?.banners ?? [];
  // A studio banner comes first: its picture is known without the collections.
  const first = stripItems(studio, studio.length > 0 ? [] : await collections)[0];
  if (first) preloadImages([stripItemImage(first)]);
}
