/**
 * Scrolls a horizontal strip (and only the strip) so that `item` is inside it. Element.scrollIntoView
 * would scroll every scrollable ancestor, the window included: the design page then opened scrolled
 * down, its number under the app bar.
 */
export function scrollIntoStrip(strip: HTMLElement, item: HTMLElement): void {
  const box = strip.getBoundingClientRect();
  const target = item.getBoundingClientRect();
  if (target.left < box.left) strip.scrollLeft -= box.left - target.left;
  else if (target.right > box.right) strip.scrollLeft += Math.min(target.right - box.right, target.left - box.left);
}
