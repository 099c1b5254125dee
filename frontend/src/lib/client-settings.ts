import { useSyncExternalStore } from 'react';
import { apiGet, apiPutJson } from '@/api/api-client';
import { getToken } from './session';
import { readStored, storageKeys, writeStored } from './storage';

/**
 * The client settings of the spec (section 3 "Client settings"), kept in localStorage
 * (`desen.client`) across sessions and shared by every screen of this browser, and on the server
 * for the signed-in user (`/account/client-settings`), so that they follow the user to another
 * browser.
 */
export type ClientSettings = {
  /** Label search mode: true = a design must have every chosen label, false = at least one. */
  combineLabelSearch: boolean;
  /** The favorite list chosen last in the add-to-list modal (its id), or null. */
  selectedCollection: string | null;
  /** Remember the chosen favorite list and add to it without asking again. */
  isRememberFavoriteSelection: boolean;
  /** Archive results: appended while scrolling (true) or one page at a time (false). */
  infinityScroll: boolean;
  /** The wear (garment) model chosen last on the design page, or null. */
  selectedWearLabel: string | null;
};

export const defaultClientSettings: ClientSettings = {
  combineLabelSearch: true,
  selectedCollection: null,
  isRememberFavoriteSelection: false,
  infinityScroll: true,
  selectedWearLabel: null,
};

const textOrNull = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** What localStorage holds, read leniently: unknown or malformed fields take their default. */
export function parseClientSettings(raw: string | null): ClientSettings {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed as Record<string, unknown>;
  } catch {
    // A damaged entry: the defaults.
  }
  const flag = (key: keyof ClientSettings, fallback: boolean) => (typeof value[key] === 'boolean' ? (value[key] as boolean) : fallback);
  return {
    combineLabelSearch: flag('combineLabelSearch', defaultClientSettings.combineLabelSearch),
    selectedCollection: textOrNull(value.selectedCollection),
    isRememberFavoriteSelection: flag('isRememberFavoriteSelection', defaultClientSettings.isRememberFavoriteSelection),
    infinityScroll: flag('infinityScroll', defaultClientSettings.infinityScroll),
    selectedWearLabel: textOrNull(value.selectedWearLabel),
  };
}

const listeners = new Set<() => void>();
let snapshot: ClientSettings | undefined;

function emit() {
  snapshot = parseClientSettings(readStored(storageKeys.client));
  listeners.forEach((listener) => listener());
}

export function getClientSettings(): ClientSettings {
  snapshot ??= parseClientSettings(readStored(storageKeys.client));
  return snapshot;
}

function store(next: ClientSettings) {
  writeStored(storageKeys.client, JSON.stringify(next));
  emit();
}

/** Changes since the server's copy was last read: a read that started before them must not undo them. */
let changes = 0;
let pushTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends the settings to the server a moment after the last change (a burst of changes is one
 * request). Until it has them, a mark in localStorage says this browser's copy is newer, so a page
 * reloaded before the save does not take the server's older copy back.
 */
function pushToServer() {
  if (!getToken()) return;
  clearTimeout(pushTimer);
  pushTimer = setTimeout(() => {
    // Kept locally whatever happens: a failed save is tried again with the next change or sign-in.
    void apiPutJson('/account/client-settings', getClientSettings())
      .then(() => writeStored(storageKeys.clientUnsaved, null))
      .catch(() => undefined);
  }, 300);
}

export function updateClientSettings(patch: Partial<ClientSettings>): void {
  changes += 1;
  writeStored(storageKeys.clientUnsaved, '1');
  store({ ...getClientSettings(), ...patch });
  pushToServer();
}

let syncedToken: string | null = null;

/**
 * Takes over the settings the server keeps for the signed-in user, once per session (the route
 * guard calls it when the session is valid): what the user set in another browser wins over
 * this browser's copy.
 */
export async function syncClientSettings(token: string): Promise<void> {
  if (syncedToken === token) return;
  syncedToken = token;
  if (readStored(storageKeys.clientUnsaved)) {
    // A change made here has not been saved yet (the page was left before): it wins, and goes now.
    pushToServer();
    return;
  }
  const before = changes;
  try {
    const stored = await apiGet<Partial<ClientSettings>>('/account/client-settings');
    if (changes === before) store(parseClientSettings(JSON.stringify({ ...getClientSettings(), ...stored })));
  } catch {
    // Read again at the next navigation.
    syncedToken = null;
  }
}

/** Tests and page loads start from what localStorage holds. */
export function reloadClientSettings(): void {
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.client || event.key === null) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current settings; changes (here or in another tab) re-render. */
export function useClientSettings(): ClientSettings {
  return useSyncExternalStore(subscribe, getClientSettings, getClientSettings);
}
