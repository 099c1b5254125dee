/** The keys this app keeps in localStorage (spec section 9: locale, client data, access token). */
export const storageKeys = {
  token: 'desen.token',
  account: 'desen.account',
  locale: 'desen.locale',
  /** Client settings (spec section 3 "Client settings"): see client-settings.ts. */
  client: 'desen.client',
  /** Set while a change of the client settings has not reached the server yet. */
  clientUnsaved: 'desen.client.unsaved',
  /** The screen's calibrated scale for print size, per user of this browser (features/design/lib/print-scale.ts). */
  printScale: 'desen.printScale',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the app keeps working for this page.
  }
}
