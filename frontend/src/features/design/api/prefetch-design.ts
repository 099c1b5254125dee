import type { QueryClient } from '@tanstack/react-query';
import { configurationQueryOptions } from '@/api/reference/get-configuration';
import { designHeaderQueryOptions } from '@/api/reference/get-design-header';
import { imageUrl } from '@/lib/image-url';
import { preloadImages } from '@/lib/preload-images';
import { activeColorwayOf } from '../lib/colorway';

/**
 * The design page's header on a page load (src/app/app.tsx), asked for while the page loads instead
 * of once the page has rendered (the same query, in the language the interface starts in), and with
 * it the shown colorway's preview, the page's first image.
 */
export async function prefetchDesign(queryClient: QueryClient, id: string, colorwayId: string | undefined, language: string): Promise<void> {
  try {
    const [design, configuration] = await Promise.all([queryClient.fetchQuery(designHeaderQueryOptions(id, language)), queryClient.fetchQuery(configurationQueryOptions())]);
    const colorway = activeColorwayOf(design, colorwayId);
    if (colorway) preloadImages([imageUrl(colorway.images.preview, configuration.contentImageBase)]);
  } catch {
    // The page shows the failure (its query is this one).
  }
}
