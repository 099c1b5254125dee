/**
 * Starts downloading images a screen is about to show, at high priority: asked for with the answer
 * that names them rather than once their <img> is rendered. The <img> of the same address then
 * finds them in the browser's memory cache.
 */
export function preloadImages(urls: readonly (string | null | undefined)[]): void {
  if (typeof Image === 'undefined') return;
  for (const url of urls) {
    if (!url) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = url;
  }
}
