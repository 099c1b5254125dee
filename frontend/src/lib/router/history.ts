import { createPath, parsePath } from './path';
import type { Location, Path } from './types';

/** Where the router keeps its entries: the browser's history, or a list in memory (tests). */
export type History = {
  location(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Moves through the entries; the listener hears where it landed. */
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
  createHref(path: Path): string;
};

export function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** What the router keeps in `history.state`: the navigation's state and the entry's key. */
type EntryState = { usr: unknown; key: string };

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string';
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry: unknown = window.history.state;
    // An entry the app did not make (the first page) is "default", as after each reload.
    return isEntryState(entry) ? { pathname, search, hash, state: entry.usr, key: entry.key } : { pathname, search, hash, state: null, key: 'default' };
  };
  const write = (location: Location): [EntryState, string, string] => [{ usr: location.state, key: location.key }, '', createPath(location)];
  return {
    location: read,
    push: (location) => window.history.pushState(...write(location)),
    replace: (location) => window.history.replaceState(...write(location)),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPop = () => listener(read());
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
    createHref: createPath,
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries: Location[] = initialEntries.map((url, i) => ({ ...parsePath(url), state: null, key: i === 0 ? 'default' : newKey() }));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  return {
    location: () => entries[index] as Location,
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      listeners.forEach((listener) => listener(entries[index] as Location));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: createPath,
  };
}
