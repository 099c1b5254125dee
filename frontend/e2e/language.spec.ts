import { expect, test } from '@playwright/test';
import { chooseLanguage, signIn } from './support/app';
import { accounts } from './support/env';

const { user } = accounts;

test('the UI switches to Russian and back, and the choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await chooseLanguage(page, 'ru');
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('desen.locale'))).toBe('ru');

  await signIn(page, user.email, user.password);
  await expect(page.getByTestId('welcome')).toHaveText(`Добро пожаловать, ${user.name}`);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${user.name}`);
  await page.reload();
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${user.name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
