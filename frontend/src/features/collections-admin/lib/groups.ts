import type { GroupData } from '../api/save-groups';
import type { PoolCriteria } from '@/types/pool';
import type { DesignGroup, GroupDesign } from '../types';

/**
 * A group being edited: `key` keeps React rows (and drags) stable while names change. `criteria`
 * makes it a smart group, kept as the server sent it: its designs follow that saved search.
 */
export type GroupDraft = { key: string; name: string; designs: GroupDesign[]; criteria: PoolCriteria | null };

let nextKey = 0;
export function newGroupKey(): string {
  nextKey += 1;
  return `group-${nextKey}`;
}

export function draftsOf(groups: DesignGroup[] | undefined): GroupDraft[] {
  return (groups ?? []).map((group) => ({ key: newGroupKey(), name: group.name, designs: group.designs, criteria: group.criteria ?? null }));
}

/** `list` with the item at `from` moved to `to` (both indexes of the list before the move); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
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

/** True when the drafts say something else than the saved groups (names, designs or order). */
export function groupsChanged(drafts: GroupDraft[], saved: DesignGroup[] | undefined): boolean {
  const before = (saved ?? []).map((group) => dataOf({ ...group, criteria: group.criteria ?? null }));
  return JSON.stringify(groupData(drafts)) !== JSON.stringify(before);
}
