import { DEFAULT_SORT, sortFields, type SortDirection, type SortField, type StatisticsSort } from '../types';

function isSortField(value: string): value is SortField {
  return (sortFields as readonly string[]).includes(value);
}

/** `user.asc` as its column and direction. */
export function splitSort(sort: StatisticsSort): { field: SortField; direction: SortDirection } {
  const [field, direction] = sort.split('.') as [SortField, SortDirection];
  return { field, direction };
}

/** The form's `sort` for a column and direction; the default (newest first) for anything the server cannot sort by. */
export function joinSort(field: string | undefined, direction: string | null | undefined): StatisticsSort {
  if (!field || !isSortField(field) || (direction !== 'asc' && direction !== 'desc')) return DEFAULT_SORT;
  return `${field}.${direction}`;
}
