import { expect, test } from '@playwright/test';
import { expectGreeting, signIn } from './support/app';
import { accounts } from './support/env';

const { user } = accounts;

test('a user signs in and is greeted by name', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expectGreeting(page, user.name);
  expect(await page.evaluate(() => window.localStorage.getItem('desen.token'))).toBeTruthy();
});

test('a wrong password shows the translated error', async ({ page }) => {
  await signIn(page, user.email, 'Wrong-passw0rd');
  const alert = page.getByTestId('error-alert');
  await expect(alert).toHaveText('You have provided invalid credentials.');
  await expect(alert).toHaveAttribute('data-code', 'invalid_credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('a non-admin opening /admin is sent to the archive', async ({ page }) => {
  await signIn(page, user.email, user.password);
  await expectGreeting(page, user.name);
  await page.goto('/admin');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expectGreeting(page, user.name);
  await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
});

test('an expired token leads to /login?expired=true with the notice', async ({ page }) => {
  await signIn(page, user.email, user.password);
  await expectGreeting(page, user.name);
  await page.evaluate(() => window.localStorage.setItem('desen.token', crypto.randomUUID().replace(/-/g, '')));
  await page.reload();
  await expect(page).toHaveURL(/\/login\?expired=true$/);
  await expect(page.getByTestId('session-expired')).toHaveText('Your session has expired. Please sign in again.');
  expect(await page.evaluate(() => window.localStorage.getItem('desen.token'))).toBeNull();
});

test('sign out ends the session', async ({ page }) => {
  await signIn(page, user.email, user.password);
  await expectGreeting(page, user.name);
  const token = await page.evaluate(() => window.localStorage.getItem('desen.token'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The revoked token no longer opens the archive.
  await page.evaluate((value) => window.localStorage.setItem('desen.token', value ?? ''), token);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?expired=true$/);
});
