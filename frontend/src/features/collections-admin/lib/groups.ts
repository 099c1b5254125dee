import { emptyCriteria } from '@/lib/pool-criteria';
import type { PoolCriteria } from '@/types/pool';
import type { GroupData } from '../api/save-groups';
import type { DesignGroup, GroupDesign, SmartCriteria } from '../types';

/**
 * A group being edited: `key` keeps React rows (and drags) stable while names change. `criteria`
 * makes it a smart group: its designs follow that saved search. `savedCriteria` is the search its
 * `designs` were found by (null for a group not saved yet): when they differ, the designs shown
 * are not yet what the edited search finds.
 */
export type GroupDraft = { key: string; name: string; designs: GroupDesign[]; criteria: SmartCriteria | null; savedCriteria: SmartCriteria | null };

/** How many designs a smart group shows when its search does not say (the server's default). */
export const SMART_GROUP_SIZE = 25;
/** The most designs a smart group shows (the server's limit of a group). */
export const SMART_GROUP_MAX = 1000;

let nextKey = 0;
export function newGroupKey(): string {
  nextKey += 1;
  return `group-${nextKey}`;
}

export function draftsOf(groups: DesignGroup[] | undefined): GroupDraft[] {
  return (groups ?? []).map((group) => ({ key: newGroupKey(), name: group.name, designs: group.designs, criteria: group.criteria ?? null, savedCriteria: group.criteria ?? null }));
}

/** A new group: of chosen designs, or a smart group whose search starts restricting nothing (the newest designs). */
export function newGroup(name: string, smart: boolean): GroupDraft {
  return { key: newGroupKey(), name, designs: [], criteria: smart ? { ...emptyCriteria, resultsPerPage: SMART_GROUP_SIZE } : null, savedCriteria: null };
}

/** How many designs a smart group shows: its `resultsPerPage`, 25 when 0 or absent (NaN while the field is not a number). */
export function smartGroupSize(criteria: SmartCriteria): number {
  return criteria.resultsPerPage === undefined || criteria.resultsPerPage === 0 ? SMART_GROUP_SIZE : criteria.resultsPerPage;
}

export function isSmartGroupSize(size: number): boolean {
  return Number.isInteger(size) && size >= 1 && size <= SMART_GROUP_MAX;
}

/** The search alone, without how many designs the group shows (nor a page): what /admin/pool/count takes. */
export function searchOf(criteria: SmartCriteria): PoolCriteria {
  const search: Record<string, unknown> = { ...criteria };
  delete search.resultsPerPage;
  delete search.page;
  return search as PoolCriteria;
}

/** True when a smart group's designs are not (yet) those of its search as edited: save to find them. */
export function smartDesignsOutdated(group: GroupDraft): boolean {
  if (!group.criteria) return false;
  if (!group.savedCriteria) return true;
  return JSON.stringify(group.criteria) !== JSON.stringify(group.savedCriteria);
}

/** One group of `groupData`: a smart group sends its saved search back (and no designs, which the server finds). */
function dataOf(group: Pick<GroupDraft, 'name' | 'designs' | 'criteria'>): GroupData {
  const name = group.name.trim();
  return group.criteria ? { name, designGuids: [], criteria: group.criteria } : { name, designGuids: group.designs.map((design) => design.designGuid) };
}

/** The `groupData` of modify-group: names trimmed, designs in order, smart groups with their criteria. */
export function groupData(drafts: GroupDraft[]): GroupData[] {
  return drafts.map(dataOf);
}

/** The keys of the groups without a name (every name is 1–100 characters). */
export function unnamedGroups(drafts: GroupDraft[]): string[] {
  return drafts.filter((group) => !group.name.trim()).map((group) => group.key);
}

/** The keys of the smart groups whose number of designs is not a whole number from 1 to 1,000. */
export function badSmartGroupSizes(drafts: GroupDraft[]): string[] {
  return drafts.filter((group) => group.criteria && !isSmartGroupSize(smartGroupSize(group.criteria))).map((group) => group.key);
}

/** True when the drafts say something else than the saved groups (names, designs, searches or order). */
export function groupsChanged(drafts: GroupDraft[], saved: DesignGroup[] | undefined): boolean {
  const before = (saved ?? []).map((group) => dataOf({ ...group, criteria: group.criteria ?? null }));
  return JSON.stringify(groupData(drafts)) !== JSON.stringify(before);
}
