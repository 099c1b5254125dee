import { expect, test, type Page } from '@playwright/test';
import { keepRecoveryCodes, signIn } from './support/app';
import { accounts } from './support/env';
import { totp } from './support/totp';

const { admin } = accounts;

async function expectUsersPage(page: Page) {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'user@example.com' })).toBeVisible();
}

test('an admin enrols an authenticator, reaches /admin, and is asked for a code the next time', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/authenticate/);

  // First sign-in: enrol (QR code + secret as text), then confirm with a code.
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  await page.locator('input[name="code"]').fill(totp(secret));
  await page.locator('form button[type="submit"]').click();
  // The recovery codes, shown this once.
  const codes = await keepRecoveryCodes(page);
  const [firstCode = '', secondCode = ''] = codes;
  expect(codes.every((code) => /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code))).toBe(true);
  await expectUsersPage(page);

  // Sign out from the admin menu.
  await page.getByRole('navigation').getByText('Exit').click();
  await expect(page).toHaveURL(/\/login$/);

  // Second sign-in: only the code. A time step is never accepted twice, so use the next one (+30 s).
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/authenticate/);
  await expect(page.locator('input[name="code"]')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await page.locator('input[name="code"]').fill(totp(secret, Date.now() + 30_000));
  await page.locator('form button[type="submit"]').click();
  await expectUsersPage(page);

  // New recovery codes ask for the second factor once more: a recovery code here (spent with the
  // old set), refused when wrong, and the new codes shown once.
  await page.goto('/admin/settings');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('You have 10 unused recovery codes.');
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Code from your authenticator app/).fill('2222-3333-4444');
  await dialog.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(dialog.getByTestId('error-alert')).toHaveAttribute('data-code', 'invalid_recovery_code');
  await dialog.getByLabel(/Code from your authenticator app/).fill(secondCode);
  await dialog.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(dialog).toHaveCount(0);
  const fresh = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(fresh).toHaveCount(10);
  const [newCode = ''] = await fresh.allTextContents();
  expect(codes).not.toContain(newCode);
  await page.goto('/admin');

  // The archive shows admins the way back to the admin panel.
  await page.getByRole('navigation').getByText('Back to archive').click();
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${admin.name}`);
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await expectUsersPage(page);

  // Without the authenticator: a recovery code of the new set lets the admin through, once; the
  // old set is gone.
  const exit = () => page.getByRole('navigation').getByText('Exit').click();
  const signInWithRecoveryCode = async (code: string) => {
    await signIn(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
    await page.locator('input[name="recoveryCode"]').fill(code);
    await page.locator('form button[type="submit"]').click();
  };
  await exit();
  await signInWithRecoveryCode(firstCode);
  await expect(page.getByTestId('error-alert')).toHaveAttribute('data-code', 'invalid_recovery_code');
  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithRecoveryCode(newCode);
  await expectUsersPage(page);
  await exit();
  await signInWithRecoveryCode(newCode);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/authenticate/);
});
