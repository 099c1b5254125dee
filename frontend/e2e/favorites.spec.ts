import { expect, test, type Page } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { search, signInApi } from './support/api';
import { accounts, studioMail } from './support/env';
import { waitForMail } from './support/mail';

const { collector, reviewer } = accounts;

/** The design page's add button, once the user's lists have loaded. */
async function openDesign(page: Page, designGuid: string) {
  await page.goto(`/design/${designGuid}`);
  await expect(page.getByTestId('design-page')).toBeVisible();
  await expect(page.getByTestId('add-to-list')).toBeEnabled();
}

test('a customer collects colorways into a list, shares it with the studio and empties it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Four designs the customer may see, read through the API as the customer.
  const customer = await signInApi(request, collector.email, collector.password);
  const designs = (await search(customer, { order: '2' }, 0, 25)).results.slice(0, 4);
  expect(designs).toHaveLength(4);
  const listName = `Samples ${Date.now()}`;

  await signIn(page, collector.email, collector.password);
  await expectGreeting(page, collector.name);

  // The first colorway: a new list made in the add-to-list modal, and "remember my choice".
  await openDesign(page, designs[0]!.designGuid);
  await page.getByTestId('add-to-list').click();
  const dialog = page.getByTestId('add-to-list-dialog');
  await dialog.getByTestId('new-list-name').fill(listName);
  await dialog.getByTestId('new-list-create').click();
  await expect(dialog.getByRole('checkbox', { name: listName })).toBeChecked();
  await dialog.getByTestId('remember-list').check();
  await dialog.getByTestId('add-to-list-done').click();
  await expect(page.getByTestId('add-to-list')).toHaveText('In 1 list');

  // Three more, in one click each.
  for (const design of designs.slice(1)) {
    await openDesign(page, design.designGuid);
    await expect(page.getByTestId('add-to-list')).toHaveText(`Add to ${listName}`);
    await page.getByTestId('add-to-list').click();
    await expect(page.getByText(`Added to “${listName}”.`)).toBeVisible();
    await expect(page.getByTestId('add-to-list')).toHaveText('In 1 list');
  }

  // The list, from the app bar: its card, then its colorways as the archive's cards.
  await page.getByTestId('nav-favorites').click();
  const card = page.getByTestId('favorite-list-card').filter({ hasText: listName });
  await expect(card.getByTestId('favorite-list-count')).toContainText('4 colorways');
  await card.click();
  await expect(page.getByTestId('list-name')).toHaveText(listName);
  await expect(page.getByTestId('search-result')).toHaveCount(4);
  const newest = designs.at(-1)!.designName;
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-design-number', newest);

  // Remove one.
  await page.getByTestId('remove-entry').first().click();
  await expect(page.getByTestId('search-result')).toHaveCount(3);
  await expect(page.getByTestId('list-count')).toHaveText('3 colorways');

  // Share with the studio: the mail, and the admin's read-only view.
  const sharedAt = Date.now();
  await page.getByTestId('share-list').click();
  await expect(page.getByText('The list was sent to the studio.')).toBeVisible();
  const mail = await waitForMail(sharedAt);
  expect(mail).toContain(`To: ${studioMail}`);
  expect(mail).toContain(`Favorite list shared: ${listName}`);
  expect(mail).toContain(`${collector.name} (${collector.customer}, ${collector.email})`);

  const studio = await browser.newContext();
  const admin = await studio.newPage();
  await signInAsAdmin(admin, reviewer);
  await admin.goto('/admin/shared-lists');
  const row = admin.getByTestId('shared-list-row').filter({ hasText: listName });
  await expect(row).toContainText(collector.customer);
  await row.getByRole('link', { name: listName }).click();
  await expect(admin.getByTestId('shared-entry')).toHaveCount(3);
  await expect(admin.getByTestId('shared-by')).toContainText(collector.email);
  await studio.close();

  // Empty the list, after confirming.
  await page.getByTestId('empty-list').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Empty the list' }).click();
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await expect(page.getByTestId('list-count')).toHaveText('0 colorways');
});
