import { previousLocation, recordLocation, resetLocationHistory } from './location-history';

const at = (key: string, pathname: string, search = '') => ({ key, pathname, search });

describe('location history', () => {
  beforeEach(() => resetLocationHistory());

  it('knows no previous entry on the first page', () => {
    recordLocation(at('default', '/design/d-1'), 'POP');
    expect(previousLocation()).toBeNull();
  });

  it('follows pushes, replaces and back/forward', () => {
    recordLocation(at('default', '/archive'), 'POP');
    recordLocation(at('a', '/archive', '?number=01'), 'REPLACE');
    recordLocation(at('b', '/design/d-1'), 'PUSH');
    expect(previousLocation()).toEqual(at('a', '/archive', '?number=01'));

    // Switching colorways replaces the entry: Back still leads to the search.
    recordLocation(at('c', '/design/d-1/c-2'), 'REPLACE');
    expect(previousLocation()).toEqual(at('a', '/archive', '?number=01'));

    recordLocation(at('d', '/favorites'), 'PUSH');
    expect(previousLocation()?.pathname).toBe('/design/d-1/c-2');

    // Back, then a new push drops the forward entry.
    recordLocation(at('c', '/design/d-1/c-2'), 'POP');
    expect(previousLocation()?.pathname).toBe('/archive');
    recordLocation(at('e', '/boards'), 'PUSH');
    expect(previousLocation()?.pathname).toBe('/design/d-1/c-2');
    recordLocation(at('d', '/favorites'), 'POP');
    expect(previousLocation()).toBeNull();
  });

  it('records the same entry once (a re-render sees the same location)', () => {
    recordLocation(at('default', '/archive'), 'POP');
    recordLocation(at('b', '/design/d-1'), 'PUSH');
    recordLocation(at('b', '/design/d-1'), 'PUSH');
    expect(previousLocation()?.pathname).toBe('/archive');
  });
});
