import { node } from '../testing/fixtures';
import { moveInTree, siblingsOf } from './tree';

describe('moveInTree', () => {
  const subs = [node({ id: 11, parentId: 1, name: 'a' }), node({ id: 12, parentId: 1, name: 'b', position: 1 }), node({ id: 13, parentId: 1, name: 'c', position: 2 })];
  const tree = [node({ id: 1, name: 'x', subCollections: subs }), node({ id: 2, name: 'y', position: 1 })];
  const ids = (nodes: { id: number }[] | undefined) => nodes?.map((n) => n.id);

  it('moves a collection among the collections, numbering their places again', () => {
    const moved = moveInTree(tree, 2, 0);
    expect(ids(moved)).toEqual([2, 1]);
    expect(moved.map((n) => n.position)).toEqual([0, 1]);
    expect(moved[1]!.subCollections).toBe(subs);
  });

  it('moves a sub-collection among its siblings only; beyond the ends is an end', () => {
    expect(ids(moveInTree(tree, 11, 1)[0]!.subCollections)).toEqual([12, 11, 13]);
    expect(ids(moveInTree(tree, 11, 99)[0]!.subCollections)).toEqual([12, 13, 11]);
    expect(ids(moveInTree(tree, 13, -1)[0]!.subCollections)).toEqual([13, 11, 12]);
    expect(ids(moveInTree(tree, 99, 0))).toEqual([1, 2]);
  });

  it('finds a node’s siblings', () => {
    expect(ids(siblingsOf(tree, 2) ?? undefined)).toEqual([1, 2]);
    expect(ids(siblingsOf(tree, 12) ?? undefined)).toEqual([11, 12, 13]);
    expect(siblingsOf(tree, 99)).toBeNull();
  });
});
