import { existsSync } from 'node:fs';
import { desenCommand, fillDemoArchive } from '../e2e/support/desen';
import { desenBin } from '../e2e/support/env';
import { benchCustomer, benchDir, benchServerEnv } from './env';

/** A fresh database and data directory: the bench's customer, and the demo archive (`desen demo`). */
export default function benchSetup() {
  if (!existsSync(desenBin)) throw new Error(`${desenBin} is missing: build the server first (DESEN_BIN names the binary)`);
  const dir = benchDir();
  const desen = desenCommand(dir, benchServerEnv(dir));
  desen('migrate');
  desen('create-user', '--email', benchCustomer.email, '--password', benchCustomer.password, '--name', benchCustomer.name, '--customer', benchCustomer.customer);
  const { added, seconds } = fillDemoArchive(desen);
  console.log(`bench data in ${dir}; demo archive: ${added} designs in ${seconds} s`);
}
