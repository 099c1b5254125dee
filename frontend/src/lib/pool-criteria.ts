import type { ScreenStatus } from '@/types/design';
import type { PoolCriteria } from '@/types/pool';

/**
 * The pools' search criteria as forms edit them: a pool's searches (the pools screen) and a smart
 * group's saved search (the collections admin) are the same JSON (crates/pools/src/criteria.rs).
 */

export const screenStatuses: readonly ScreenStatus[] = ['engraved', 'not_engraved', 'faded', 'none'];

/** A search that restricts nothing but unlabelled designs being admitted (the server's defaults). */
export const emptyCriteria: PoolCriteria = {
  designNumber: '',
  allowedArchive: null,
  allowedScreenStatus: [],
  allowedScreenCounts: [],
  allowedLabels: [],
  forbiddenLabels: [],
  allowedCustomers: [],
  forbiddenCustomers: [],
  allowedYears: [],
  allowOwnDesigns: false,
  allowConfinedDesigns: false,
  allowUnlabeledDesigns: true,
};

/** "2019, 2020" or "2 3" → [2019, 2020]: whole numbers, typed separated by commas or spaces. */
export function numberList(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => Number(part))
    .filter((value) => Number.isInteger(value) && value > 0);
}
