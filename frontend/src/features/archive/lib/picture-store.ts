/**
 * The pictures a user searches with, kept in this browser by a short id: the archive's address
 * names the id (`?similar=p:<id>`), never the picture, so Back, Forward and a reload within the
 * session search again with the same picture. A few recent pictures live in sessionStorage (as
 * data URLs); a picture too large for it lives in memory until the tab closes.
 */
const PREFIX = 'desen.picture.';
/** Pictures kept in sessionStorage; older ones go first. */
const KEPT = 4;
const memory = new Map<string, Blob>();

function newId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function readAsDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** The picture from a data URL (what sessionStorage holds). */
export function blobOfDataUrl(url: string): Blob | null {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!match) return null;
  const [, type = '', base64, data = ''] = match;
  if (!base64) return new Blob([decodeURIComponent(data)], { type });
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

function storedIds(): string[] {
  const ids: { id: string; at: number }[] = [];
  for (let i = 0; i < sessionStorage.length; i += 1) {
    const key = sessionStorage.key(i);
    if (!key?.startsWith(PREFIX) || key.endsWith('.at')) continue;
    const id = key.slice(PREFIX.length);
    ids.push({ id, at: Number(sessionStorage.getItem(`${PREFIX}${id}.at`) ?? 0) });
  }
  return ids.sort((a, b) => a.at - b.at).map((entry) => entry.id);
}

function forget(id: string) {
  sessionStorage.removeItem(`${PREFIX}${id}`);
  sessionStorage.removeItem(`${PREFIX}${id}.at`);
}

/** Keeps a picture; answers its id. */
export async function keepPicture(picture: Blob): Promise<string> {
  const id = newId();
  memory.set(id, picture);
  try {
    const url = await readAsDataUrl(picture);
    const ids = storedIds();
    for (const old of ids.slice(0, Math.max(0, ids.length - KEPT + 1))) forget(old);
    sessionStorage.setItem(`${PREFIX}${id}`, url);
    sessionStorage.setItem(`${PREFIX}${id}.at`, String(Date.now()));
  } catch {
    // Over the storage quota: the picture stays in memory for this tab.
  }
  return id;
}

/** A kept picture, or null when this browser no longer has it. */
export function pictureOf(id: string): Blob | null {
  const kept = memory.get(id);
  if (kept) return kept;
  const url = sessionStorage.getItem(`${PREFIX}${id}`);
  return url ? blobOfDataUrl(url) : null;
}
