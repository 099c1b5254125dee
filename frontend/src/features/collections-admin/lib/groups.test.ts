import { emptyCriteria } from '@/lib/pool-criteria';
import { design } from '../testing/fixtures';
import { badSmartGroupSizes, draftsOf, groupData, groupsChanged, newGroup, searchOf, smartDesignsOutdated, smartGroupSize } from './groups';

describe('smart groups', () => {
  const stored = { ...emptyCriteria, designNumber: '02-', dp0: 'silk', page: 0, resultsPerPage: 30 };

  it('starts a new one restricting nothing, 25 designs, its designs to be found by a save', () => {
    const group = newGroup('Newest', true);
    expect(group.criteria).toEqual({ ...emptyCriteria, resultsPerPage: 25 });
    expect(smartDesignsOutdated(group)).toBe(true);
    expect(groupData([group])).toEqual([{ name: 'Newest', designGuids: [], criteria: { ...emptyCriteria, resultsPerPage: 25 } }]);
    expect(newGroup('Chosen', false).criteria).toBeNull();
  });

  it('counts the search alone: without how many designs the group shows, nor a page', () => {
    expect(searchOf(stored)).toEqual({ ...emptyCriteria, designNumber: '02-', dp0: 'silk' });
  });

  it('reads 0 or no number of designs as 25, and refuses what is not 1–1,000', () => {
    expect(smartGroupSize({ ...emptyCriteria })).toBe(25);
    expect(smartGroupSize({ ...emptyCriteria, resultsPerPage: 0 })).toBe(25);
    const drafts = [newGroup('a', true), newGroup('b', true), newGroup('c', true), newGroup('d', false)];
    drafts[0]!.criteria!.resultsPerPage = 1000;
    drafts[1]!.criteria!.resultsPerPage = 1001;
    drafts[2]!.criteria!.resultsPerPage = Number.NaN;
    expect(badSmartGroupSizes(drafts)).toEqual([drafts[1]!.key, drafts[2]!.key]);
  });

  it('knows when an edited search has not found its designs yet, and sends a stored search back whole', () => {
    const [group] = draftsOf([{ id: 1, name: 'New', criteria: stored, designs: [design(1)] }]);
    expect(smartDesignsOutdated(group!)).toBe(false);
    expect(groupsChanged([group!], [{ id: 1, name: 'New', criteria: stored, designs: [design(1)] }])).toBe(false);
    const edited = { ...group!, criteria: { ...stored, designNumber: '03-' } };
    expect(smartDesignsOutdated(edited)).toBe(true);
    expect(groupData([edited])[0]!.criteria).toEqual({ ...stored, designNumber: '03-' });
  });
});
