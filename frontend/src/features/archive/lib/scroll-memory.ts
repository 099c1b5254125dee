/**
 * Where the user had scrolled each search URL to, in sessionStorage, so that going back from a
 * design returns to the same place even when the page had to wait for its results.
 */
const STORAGE_KEY = 'desen.archive.scroll';
const MAX_ENTRIES = 50;

type Positions = Record<string, number>;

function readAll(): Positions {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

export function saveScrollPosition(url: string, y: number): void {
  const positions = readAll();
  delete positions[url];
  positions[url] = Math.max(0, Math.round(y));
  const urls = Object.keys(positions);
  for (const old of urls.slice(0, Math.max(0, urls.length - MAX_ENTRIES))) delete positions[old];
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage unavailable or full: the position is simply not remembered.
  }
}

export function readScrollPosition(url: string): number | null {
  const y = readAll()[url];
  return typeof y === 'number' && Number.isFinite(y) ? y : null;
}
