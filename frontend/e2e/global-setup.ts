import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { accounts, desenBin, e2eDir, serverEnv } from './support/env';

/** Migrates the run's database and creates its accounts with the `desen` binary. */
export default function globalSetup() {
  if (!existsSync(desenBin)) throw new Error(`${desenBin} is missing: build the server first (cargo build -p gateway)`);
  const dir = e2eDir();
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, ...serverEnv(dir) };
  const desen = (...args: string[]) => execFileSync(desenBin, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  desen('migrate');
  desen('create-user', '--email', accounts.user.email, '--password', accounts.user.password, '--name', accounts.user.name);
  desen('create-user', '--email', accounts.admin.email, '--password', accounts.admin.password, '--admin', '--name', accounts.admin.name);
  desen('create-user', '--email', accounts.reset.email, '--password', accounts.reset.password, '--name', accounts.reset.name);
  desen('create-label', '--tr', 'Çiçek', '--en', 'Floral', '--ru', 'Цветочный');
  desen('create-user', '--email', accounts.designer.email, '--password', accounts.designer.password, '--admin', '--name', accounts.designer.name);
  console.log(`e2e data in ${dir}`);
}
