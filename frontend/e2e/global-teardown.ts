import { rmSync } from 'node:fs';

/** Removes the run's temp dir (keep it with DESEN_E2E_KEEP=1 to look at the database and mails). */
export default function globalTeardown() {
  const dir = process.env.DESEN_E2E_DIR;
  if (dir && !process.env.DESEN_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
}
