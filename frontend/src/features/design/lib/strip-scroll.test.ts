import { scrollIntoStrip } from './strip-scroll';

function element(left: number, width: number, scrollLeft = 0): HTMLElement {
  const node = document.createElement('div');
  node.scrollLeft = scrollLeft;
  node.getBoundingClientRect = () => ({ left, right: left + width, top: 0, bottom: 10, width, height: 10, x: left, y: 0, toJSON: () => ({}) });
  return node;
}

describe('strip scrolling', () => {
  it('moves only the strip: right to show an item past its end, left for one before its start', () => {
    const scrollIntoView = jest.fn();
    const strip = element(0, 300, 0);
    const past = element(350, 104);
    past.scrollIntoView = scrollIntoView;
    scrollIntoStrip(strip, past);
    expect(strip.scrollLeft).toBe(154);

    const shown = element(100, 104);
    scrollIntoStrip(strip, shown);
    expect(strip.scrollLeft).toBe(154);

    const before = element(-40, 104);
    scrollIntoStrip(strip, before);
    expect(strip.scrollLeft).toBe(114);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('shows the start of an item wider than the strip', () => {
    const strip = element(0, 80, 0);
    scrollIntoStrip(strip, element(200, 104));
    expect(strip.scrollLeft).toBe(200);
  });
});
