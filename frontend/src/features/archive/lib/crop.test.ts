import { cropOrWhole, MAX_SENT_SIDE, MIN_CROP_SIDE, rectBetween, sentSize } from './crop';

describe('crop', () => {
  it('keeps a selection inside the image, whichever way it was dragged', () => {
    expect(rectBetween({ x: 120, y: 80 }, { x: 20, y: 10 }, 200, 100)).toEqual({ x: 20, y: 10, width: 100, height: 70 });
    expect(rectBetween({ x: -30, y: 50 }, { x: 250, y: 400 }, 200, 100)).toEqual({ x: 0, y: 50, width: 200, height: 50 });
  });

  it('searches the whole picture when nothing or too little is selected', () => {
    expect(cropOrWhole(null, 640, 480)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    expect(cropOrWhole({ x: 5, y: 5, width: MIN_CROP_SIDE - 1, height: 200 }, 640, 480)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    expect(cropOrWhole({ x: 5, y: 5, width: 100, height: 200 }, 640, 480)).toEqual({ x: 5, y: 5, width: 100, height: 200 });
  });

  it('sends large crops scaled down, small ones as they are', () => {
    expect(sentSize({ x: 0, y: 0, width: 4000, height: 2000 })).toEqual({ width: MAX_SENT_SIDE, height: MAX_SENT_SIDE / 2 });
    expect(sentSize({ x: 0, y: 0, width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
  });
});
