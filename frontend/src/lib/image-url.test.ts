import { bannerImageUrl, imageUrl } from './image-url';

describe('imageUrl', () => {
  it('loads design and wear images from the content image server when one is set', () => {
    const base = 'https://cdn.example.com';
    expect(imageUrl('/service/design/thumbnail/d/v/d-1/c-1?v=k1', base)).toBe('https://cdn.example.com/service/design/thumbnail/d/v/d-1/c-1?v=k1');
    expect(imageUrl('/service/design/tiles/d-1/c-1/k1/image.dzi', base)).toBe('https://cdn.example.com/service/design/tiles/d-1/c-1/k1/image.dzi');
    expect(imageUrl('/service/wear/thumbnail/w-1?v=2', 'https://cdn.example.com/archive/')).toBe('https://cdn.example.com/archive/service/wear/thumbnail/w-1?v=2');
  });

  it('keeps every other address, and every address without a content image server', () => {
    const base = 'https://cdn.example.com';
    expect(imageUrl('/service/collections/image/11/thumb?v=a', base)).toBe('/service/collections/image/11/thumb?v=a');
    expect(imageUrl('/service/public/stock/s/preview/d-1/c-1', base)).toBe('/service/public/stock/s/preview/d-1/c-1');
    expect(imageUrl('https://elsewhere.example.com/service/design/preview/d-1/c-1', base)).toBe('https://elsewhere.example.com/service/design/preview/d-1/c-1');
    expect(imageUrl('/service/designs-elsewhere/x', base)).toBe('/service/designs-elsewhere/x');
    expect(imageUrl('/service/design/preview/d-1/c-1', '')).toBe('/service/design/preview/d-1/c-1');
    expect(imageUrl('/service/design/preview/d-1/c-1', '  ')).toBe('/service/design/preview/d-1/c-1');
    expect(imageUrl(null, base)).toBeNull();
    expect(imageUrl(undefined, base)).toBeUndefined();
    expect(imageUrl('', base)).toBe('');
  });
});

describe('bannerImageUrl', () => {
  it('names a banner rendition on this server, whatever the content image server', () => {
    expect(bannerImageUrl('b-1', 'large')).toBe('/service/banner/b-1/large');
    expect(bannerImageUrl('b 2/x', 'thumb')).toBe('/service/banner/b%202%2Fx/thumb');
    expect(imageUrl(bannerImageUrl('b-1', 'large'), 'https://cdn.example.com')).toBe('/service/banner/b-1/large');
  });
});
