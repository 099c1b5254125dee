import type { Locator } from '@playwright/test';

/** How a control's text sits in it: overflow (scrollWidth over clientWidth) and the lines it takes. */
export type TextFit = { text: string; scrollWidth: number; clientWidth: number; lines: number };

/**
 * The text of `control` (a button, a chip): its scroll and client widths, and on how many lines
 * its text nodes are laid out. A label that wraps does not overflow, so both are measured.
 */
export function textFit(control: Locator): Promise<TextFit> {
  return control.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return { text: element.textContent ?? '', scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, lines: tops.size };
  });
}

/** A native select: each option's text width in the select's font, and the width its content box has for it. */
export type OptionFit = { text: string; width: number; available: number };

export function optionFits(select: Locator): Promise<OptionFit[]> {
  return select.evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas to measure text with');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The select draws the chosen option inside its padding (the right padding holds the arrow).
    const available = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [...select.options].map((option) => ({ text: option.text, width: context.measureText(option.text).width, available }));
  });
}
