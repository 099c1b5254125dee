import { expect, type Page } from '@playwright/test';

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
