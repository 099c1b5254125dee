import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { e2eDir } from './env';

function newestMail(after: number): string | null {
  const outbox = path.join(e2eDir(), 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  const newest = files
    .map((name) => ({ file: path.join(outbox, name), mtime: statSync(path.join(outbox, name)).mtimeMs }))
    .filter((entry) => entry.mtime >= after)
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file))[0];
  return newest ? readFileSync(newest.file, 'utf8') : null;
}

/** Waits for a mail written to <tmp>/outbox/ after `after` (ms) and returns its raw text. */
export async function waitForMail(after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = newestMail(after);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error('no mail arrived in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path, query and fragment of the create-password link in a plain-text mail. */
export function createPasswordLink(mail: string): string {
  // Undo quoted-printable soft breaks in case the body was encoded.
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = text.match(/https?:\/\/[^\s<>"]*\/create-password[?#][^\s<>"]+/);
  if (!match) throw new Error(`no create-password link in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}${url.hash}`;
}
