import { bannerLinkKind } from './banner-link';

describe('bannerLinkKind', () => {
  it('leads nowhere without a link', () => {
    expect(bannerLinkKind('')).toBe('none');
    expect(bannerLinkKind('   ')).toBe('none');
  });

  it('opens a path of the app in the app', () => {
    expect(bannerLinkKind('/archive?labels=3')).toBe('app');
    expect(bannerLinkKind(' /boards/4 ')).toBe('app');
    expect(bannerLinkKind('/')).toBe('app');
  });

  it('opens an http(s) address elsewhere', () => {
    expect(bannerLinkKind('https://shop.example.com/linen?season=summer')).toBe('web');
    expect(bannerLinkKind('HTTP://shop.example.com')).toBe('web');
  });

  it('follows nothing else: another site by a path, other schemes, bare hosts', () => {
    expect(bannerLinkKind('//evil.example.com/x')).toBe('invalid');
    expect(bannerLinkKind('/\\evil.example.com')).toBe('invalid');
    expect(bannerLinkKind('javascript:alert(1)')).toBe('invalid');
    expect(bannerLinkKind('mailto:studio@example.com')).toBe('invalid');
    expect(bannerLinkKind('shop.example.com')).toBe('invalid');
    expect(bannerLinkKind('archive?labels=3')).toBe('invalid');
    expect(bannerLinkKind('https://')).toBe('invalid');
    expect(bannerLinkKind('https://shop example.com')).toBe('invalid');
  });
});
