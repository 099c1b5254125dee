import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from './storage';

export type SecondFactor = 'none' | 'enroll' | 'verify';

export type AccountUser = {
  userGuid: string;
  name: string;
  email: string;
  language?: string | null;
  companyGuid?: string | null;
  companyName?: string | null;
};

/** What the client keeps about the signed-in account (`desen.account`). */
export type Account = {
  user: AccountUser;
  isAdmin: boolean;
  isInHouse: boolean;
  is2FaValidated: boolean;
  secondFactor: SecondFactor;
};

export type Session = { token: string | null; account: Account | null };

const listeners = new Set<() => void>();
let snapshot: Session | undefined;

function parseAccount(raw: string | null): Account | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Account>;
    return value && typeof value === 'object' && value.user ? (value as Account) : null;
  } catch {
    return null;
  }
}

function load(): Session {
  return { token: readStored(storageKeys.token), account: parseAccount(readStored(storageKeys.account)) };
}

function emit() {
  snapshot = load();
  listeners.forEach((listener) => listener());
}

export function getSession(): Session {
  snapshot ??= load();
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

export function setSession(token: string, account: Account): void {
  writeStored(storageKeys.token, token);
  writeStored(storageKeys.account, JSON.stringify(account));
  emit();
}

/** Merges what the server said about the session into the stored account (creates it when a user is given). */
export function updateAccount(patch: Partial<Account>): void {
  const current = getSession().account;
  if (!current && !patch.user) return;
  const base: Omit<Account, 'user'> = { isAdmin: false, isInHouse: false, is2FaValidated: false, secondFactor: 'none' };
  const next = { ...base, ...current, ...patch };
  const raw = JSON.stringify(next);
  if (raw === readStored(storageKeys.account)) return;
  writeStored(storageKeys.account, raw);
  emit();
}

/** Logout and expiry: forget the user and the token. */
export function clearSession(): void {
  writeStored(storageKeys.token, null);
  writeStored(storageKeys.account, null);
  // A change of the client settings not saved yet was this user's: never another's to keep.
  writeStored(storageKeys.clientUnsaved, null);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.token || event.key === storageKeys.account || event.key === null) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Tests and page loads start from what localStorage holds. */
export function reloadSession(): void {
  emit();
}
