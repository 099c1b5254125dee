import { designHeader } from '@/testing/design-header';
import { activeColorwayOf, colorwayPath, isArchivePath } from './colorway';

describe('colorway selection', () => {
  it('shows the colorway the address names, else the active one, else the first', () => {
    const header = designHeader({ activeColorwayGuid: 'c-2' });
    expect(activeColorwayOf(header, 'c-1')?.colorwayName).toBe('VR-1');
    expect(activeColorwayOf(header, undefined)?.colorwayName).toBe('VR-2');
    expect(activeColorwayOf(header, 'unknown')?.colorwayName).toBe('VR-2');
    expect(activeColorwayOf(designHeader({ activeColorwayGuid: null }), undefined)?.colorwayName).toBe('VR-1');
    expect(activeColorwayOf(designHeader({ colorways: [], activeColorwayGuid: null }), undefined)).toBeNull();
  });

  it('builds the address of a colorway and knows the archive search', () => {
    expect(colorwayPath('01-0559', 'c 2')).toBe('/design/01-0559/c%202');
    expect(isArchivePath('/')).toBe(true);
    expect(isArchivePath('/archive')).toBe(true);
    expect(isArchivePath('/favorites')).toBe(false);
  });
});
