import { expect, test } from '@playwright/test';
import { chooseLanguage } from './support/app';

test('a visitor without an account opens the test page and sees that the archive and this browser work', async ({ page }) => {
  await page.goto('/dummy');
  await expect(page.getByRole('heading', { name: 'Test page' })).toBeVisible();
  await expect(page.getByText('✓ The archive answers.')).toBeVisible();
  await expect(page.getByText('✓ Cookies are on (the design images need them).')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Everything Desen needs works here.');
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);

  await chooseLanguage(page, 'tr');
  await expect(page.getByRole('heading', { name: 'Test sayfası' })).toBeVisible();
  await expect(page.getByText('✓ Arşiv yanıt veriyor.')).toBeVisible();
  await chooseLanguage(page, 'en');

  // Without a session the archive asks for a sign-in.
  await page.getByRole('link', { name: 'Open the archive' }).click();
  await expect(page).toHaveURL(/\/login/);
});
