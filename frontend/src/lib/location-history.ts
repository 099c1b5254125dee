import { useEffect } from 'react';
import { useLocation, useNavigationType, type Location, type NavigationType } from '@/lib/router';

/** An in-app history entry: enough to tell where "back" leads. */
export type VisitedLocation = Pick<Location, 'key' | 'pathname' | 'search'>;

/**
 * The app's own picture of the browser history, since the History API does not tell what the
 * previous entry is: pushes add an entry (dropping the forward ones), replaces overwrite the
 * current one, and back/forward move to the entry with the same key. After a reload the earlier
 * entries are unknown: the first one seen starts the picture again.
 */
const entries: VisitedLocation[] = [];
let current = -1;

/** How the app got to an entry, as the router tells it. */
export type HistoryAction = `${NavigationType}`;

export function recordLocation(location: VisitedLocation, action: HistoryAction): void {
  const entry = { key: location.key, pathname: location.pathname, search: location.search };
  if (current >= 0 && entries[current]?.key === entry.key) {
    entries[current] = entry;
    return;
  }
  if (action === 'PUSH' && current >= 0) {
    entries.splice(current + 1, entries.length, entry);
    current += 1;
  } else if (action === 'REPLACE' && current >= 0) {
    entries[current] = entry;
  } else {
    const known = entries.findIndex((visited) => visited.key === entry.key);
    if (known >= 0) {
      current = known;
      entries[known] = entry;
    } else {
      entries.splice(0, entries.length, entry);
      current = 0;
    }
  }
}

/** The entry the browser's Back leads to, when the app saw it. */
export function previousLocation(): VisitedLocation | null {
  return current > 0 ? (entries[current - 1] ?? null) : null;
}

/** Forgets every entry (tests). */
export function resetLocationHistory(): void {
  entries.splice(0, entries.length);
  current = -1;
}

/** Keeps the picture up to date: used once, by the root route. */
export function useRecordLocationHistory(): void {
  const location = useLocation();
  const action = useNavigationType();
  useEffect(() => {
    recordLocation(location, action);
  }, [location, action]);
}
