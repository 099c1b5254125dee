import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eDir, serverEnv } from '../e2e/support/env';

/** Not the journeys' port: a bench and a journey run may share the machine. */
export const benchPort = 18090;
export const benchURL = `http://127.0.0.1:${benchPort}`;

/** The one account of the bench: a customer, as most visitors of the archive are. */
export const benchCustomer = { email: 'bench@example.com', password: 'B3nchPass!', name: 'Bench Customer', customer: 'Bench Textiles Ltd.' } as const;

/** The bench's own temp dir (database, data), made once by the runner; removed by e2e/global-teardown.ts (kept with DESEN_E2E_KEEP=1). */
export function benchDir(): string {
  process.env.DESEN_E2E_DIR ??= mkdtempSync(path.join(tmpdir(), 'desen-bench-'));
  return e2eDir();
}

/** The environment of every `desen` command of the bench: the journeys' (e2e/support/env.ts) on the bench's port. */
export function benchServerEnv(dir: string = benchDir()): Record<string, string> {
  return { ...serverEnv(dir), DESEN_LISTEN: `127.0.0.1:${benchPort}`, DESEN_ACCOUNTS__PUBLIC_URL: benchURL };
}
