import { expect, test } from '@playwright/test';
import { expectGreeting, signIn } from './support/app';
import { accounts } from './support/env';
import { createPasswordLink, waitForMail } from './support/mail';

const { reset } = accounts;
const newPassword = 'N3wPassword!';

test('a user resets the password from the mailed link and signs in with the new one', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);

  const requested = Date.now() - 1000;
  await page.locator('input[name="mailAddress"]').fill(reset.email);
  // The server's answer itself, so that a refusal names its code rather than a missing message;
  // a loaded CI machine may take a while to write the mail.
  const answered = page.waitForResponse((response) => response.url().includes('/service/account/reset-password'), { timeout: 30_000 });
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByTestId('reset-sent')).toContainText('A password reset e-mail has been sent');

  const link = createPasswordLink(await waitForMail(requested));
  // The single-use token rides in the fragment, which no server or proxy log sees, and leaves
  // the address bar once read.
  expect(link).toMatch(/^\/create-password#(.+&)?token=/);
  await page.goto(link);
  await expect(page).not.toHaveURL(/token=/);

  await page.locator('input[name="password1"]').fill(newPassword);
  await page.locator('input[name="password2"]').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast')).toContainText('Your password has been saved.');

  await signIn(page, reset.email, reset.password);
  await expect(page.getByTestId('error-alert')).toHaveAttribute('data-code', 'invalid_credentials');
  await signIn(page, reset.email, newPassword);
  await expectGreeting(page, reset.name);
});
