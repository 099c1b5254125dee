import { designPath, idOf, subCollectionPath } from './paths';

describe('collection paths', () => {
  it('read only positive integer ids', () => {
    expect(idOf('12')).toBe(12);
    expect(idOf(undefined)).toBeNull();
    expect(idOf('0')).toBeNull();
    expect(idOf('-3')).toBeNull();
    expect(idOf('1e3')).toBeNull();
    expect(idOf('99999999999999999999')).toBeNull();
  });

  it('open a sub-collection by its kind, and not at all before it has one', () => {
    expect(subCollectionPath({ id: 4, kind: 'mood' })).toBe('/board-moods/4');
    expect(subCollectionPath({ id: 5, kind: 'design' })).toBe('/collections-design/5');
    expect(subCollectionPath({ id: 6, kind: null })).toBeNull();
    expect(designPath('d 1', 'c/2')).toBe('/design/d%201/c%2F2');
  });
});
