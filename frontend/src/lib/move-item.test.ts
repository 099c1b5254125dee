import { moveItem } from './move-item';

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves an item forward or back, to an index of the list before the move', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('changes nothing for a move in place or out of range, and answers a copy', () => {
    for (const [from, to] of [[1, 1], [-1, 0], [0, 4], [4, 0]] as const) {
      const moved = moveItem(list, from, to);
      expect(moved).toEqual(list);
      expect(moved).not.toBe(list);
    }
  });
});
