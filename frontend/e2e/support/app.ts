import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { e2eDir } from './env';
import { totp } from './totp';

/** Fills and sends the login form (field names do not depend on the language). */
export async function signIn(page: Page, email: string, password: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.locator('input[name="mailAddress"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function expectGreeting(page: Page, name: string) {
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${name}`);
}

export async function chooseLanguage(page: Page, locale: 'en' | 'tr' | 'ru') {
  await page.getByTestId('language-select').selectOption(locale);
}

type Admin = { email: string; password: string };
type StoredFactor = { secret: string; lastStep: number };

function factorFile(email: string): string {
  return path.join(e2eDir(), `totp-${email.replace(/[^a-z0-9]+/gi, '_')}.json`);
}

/** Records the authenticator secret an admin enrolled in this run. */
export function rememberFactor(email: string, secret: string) {
  writeFileSync(factorFile(email), JSON.stringify({ secret, lastStep: 0 } satisfies StoredFactor));
}

/**
 * A code of the admin's recorded authenticator for a time step not used before (the server never
 * accepts a step twice, and at most one step ahead): waits for the next step when this one is used.
 */
export async function nextFactorCode(email: string): Promise<string> {
  const file = factorFile(email);
  if (!existsSync(file)) throw new Error(`${email} has an authenticator already, but its secret was not recorded in this run (${file})`);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredFactor;
  const now = () => Math.floor(Date.now() / 30_000);
  const step = Math.max(now(), stored.lastStep + 1);
  // The server takes the next step too; two steps ahead it would refuse, so wait for time to catch up.
  while (step > now() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
  writeFileSync(file, JSON.stringify({ ...stored, lastStep: step }));
  return totp(stored.secret, step * 30_000);
}

/**
 * Signs an admin in through the second factor: enrols the authenticator on the account's first
 * sign-in of the run (the secret is kept in the run's temp dir), else answers with a code of a
 * time step not used before (the server never accepts a step twice).
 */
export async function signInAsAdmin(page: Page, admin: Admin) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/authenticate/);
  const secretText = page.getByTestId('totp-secret');
  await expect(secretText.or(page.getByText('Enter the 6-digit code from your authenticator app.'))).toBeVisible();
  const enrolling = await secretText.isVisible();
  if (enrolling) rememberFactor(admin.email, ((await secretText.textContent()) ?? '').trim());
  await page.locator('input[name="code"]').fill(await nextFactorCode(admin.email));
  await page.locator('form button[type="submit"]').click();
  if (enrolling) await keepRecoveryCodes(page);
  await expect(page).toHaveURL(/\/admin$/);
}

/** The recovery codes shown once after an enrolment: read (ten of them), then "saved, continue". */
export async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  const codes = (await list.allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  return codes;
}
