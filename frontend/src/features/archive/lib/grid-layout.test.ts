import { estimatedGridWidth, gridColumns, gridRowHeight } from './grid-layout';

describe('result grid geometry', () => {
  it('fits as many cards as the width allows, at least two on a phone', () => {
    expect(gridColumns(1152)).toBe(5);
    expect(gridColumns(900)).toBe(4);
    expect(gridColumns(328)).toBe(2);
    expect(gridColumns(280)).toBe(1);
  });

  it('has square thumbnails above a caption', () => {
    // 5 columns of (1152 - 4 × 16) / 5 = 217.6 px, + caption 92 + gap 16.
    expect(gridRowHeight(1152, 5)).toBe(326);
  });

  it('estimates the content width before it is measured', () => {
    expect(estimatedGridWidth(1920)).toBe(1152);
    expect(estimatedGridWidth(1024)).toBe(976);
    expect(estimatedGridWidth(360)).toBe(328);
    expect(estimatedGridWidth(0)).toBe(1152);
  });
});
