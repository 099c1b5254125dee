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
  const [firstCode = ''] = codes;
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

  // The archive shows admins the way back to the admin panel.
  await page.getByRole('navigation').getByText('Back to archive').click();
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${admin.name}`);
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await expectUsersPage(page);

  // Without the authenticator: a recovery code lets the admin through, once.
  const signInWithRecoveryCode = async () => {
    await page.getByRole('navigation').getByText('Exit').click();
    await signIn(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
    await page.locator('input[name="recoveryCode"]').fill(firstCode);
    await page.locator('form button[type="submit"]').click();
  };
  await signInWithRecoveryCode();
  await expectUsersPage(page);
  await signInWithRecoveryCode();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/authenticate/);
});
