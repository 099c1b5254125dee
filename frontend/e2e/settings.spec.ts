import { expect, test, type Page } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { search, signInApi } from './support/api';
import { accounts } from './support/env';

const { cutter, switcher } = accounts;

async function openDesign(page: Page, designGuid: string) {
  await page.goto(`/design/${designGuid}`);
  await expect(page.getByTestId('design-page')).toBeVisible();
}

test('an admin switches CAD selection off and the format choice disappears for a customer at once', async ({ page, browser, request }) => {
  const staff = await signInApi(request, switcher.email, switcher.password);
  const before = await staff.get<Record<string, unknown>>('/admin/settings/general');
  expect(before.cadSelection).toBe(true);
  const customerApi = await signInApi(request, cutter.email, cutter.password);
  const [digital] = (await search(customerApi, { type: 'digital' }, 0, 1)).results;
  expect(digital, 'the demo archive holds a digital design').toBeTruthy();

  // The customer of the admitted company chooses among the formats.
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await signIn(customerPage, cutter.email, cutter.password);
  await expectGreeting(customerPage, cutter.name);
  await openDesign(customerPage, digital!.designGuid);
  await customerPage.getByTestId('cad-download').click();
  await expect(customerPage.getByTestId('cad-format-production')).toBeVisible();
  await customerPage.keyboard.press('Escape');

  try {
    await signInAsAdmin(page, switcher);
    await page.goto('/admin/settings');
    const section = page.getByTestId('general-settings');
    const choice = section.getByRole('switch', { name: 'Users may choose the CAD format' }).or(section.getByRole('checkbox', { name: 'Users may choose the CAD format' }));
    await expect(choice).toBeChecked();
    await choice.click();
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/admin/settings/general'));
    await section.getByTestId('save-general-settings').click();
    expect((await saved).status()).toBe(200);

    // No restart: the customer's next look has one-click downloads, no format menu.
    await openDesign(customerPage, digital!.designGuid);
    const download = customerPage.waitForEvent('download');
    await customerPage.getByTestId('cad-download').click();
    await download;
    await expect(customerPage.getByTestId('cad-format-production')).toHaveCount(0);
    const rights = await customerApi.get<{ selection: boolean; formats: unknown[] }>('/cad/rights');
    expect(rights.formats).toHaveLength(1);
    expect(rights.selection).toBe(false);
  } finally {
    await customer.close();
    // The CAD journeys expect the run's configured switches.
    await staff.putJson('/admin/settings/general', before);
  }
});
