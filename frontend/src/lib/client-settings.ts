import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from './storage';

/**
 * The client settings of the spec (section 3 "Client settings"), kept in localStorage
 * (`desen.client`) across sessions and shared by every screen of this browser.
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

export function updateClientSettings(patch: Partial<ClientSettings>): void {
  const next = { ...getClientSettings(), ...patch };
  writeStored(storageKeys.client, JSON.stringify(next));
  emit();
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
