import { expect, test, type Page } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { apiOfPage, search, signInApi } from './support/api';
import { expectImageLoaded } from './support/collections';
import { accounts } from './support/env';
import { png } from './support/photo';

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

type Banner = { id: string; link: string; title: { tr: string; en: string; ru: string } };

test('an admin adds a banner leading into the archive, and a customer sees it first on the archive home and follows it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // The customer first (one sign-in): the design the banner will lead to is one it sees.
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await signIn(customerPage, cutter.email, cutter.password);
  await expectGreeting(customerPage, cutter.name);
  const [design] = (await search(await apiOfPage(customerPage), { order: '2' }, 0, 1)).results;
  expect(design, 'the customer sees a design of the demo archive').toBeTruthy();
  const title = `Summer edit ${Date.now()}`;
  const link = `/archive?number=${encodeURIComponent(design!.designName)}`;

  await signInAsAdmin(page, switcher);
  const staff = await apiOfPage(page);
  const before = await staff.get<Record<string, unknown>>('/admin/settings/general');
  try {
    await page.goto('/admin/settings');
    const section = page.getByTestId('general-settings');
    const banners = section.getByTestId('banner-settings');
    await expect(banners).toBeVisible();
    const count = await banners.getByTestId('banner-setting').count();

    // The image is uploaded at once; its banner is appended to the form, without a title or link yet.
    const uploaded = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/service/admin/settings/banners'));
    await banners.getByTestId('banner-input').setInputFiles(png('summer-banner.png', { width: 960, height: 320, colors: [[236, 208, 160], [32, 96, 140], [248, 244, 236]], seed: Date.now() }));
    const upload = await uploaded;
    expect(upload.status()).toBe(200);
    const { id } = (await upload.json()) as { id: string };
    const card = banners.getByRole('group', { name: `Banner ${count + 1}`, exact: true });
    await expect(card).toHaveAttribute('data-id', id);
    await expectImageLoaded(card.getByRole('img', { name: `Image of banner ${count + 1}` }));
    await expect(card.getByLabel('Title, English')).toHaveValue('');
    await card.getByLabel('Title, English').fill(title);
    await card.getByLabel('Link', { exact: true }).fill(link);

    // Saved with the other general settings.
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/admin/settings/general'));
    await section.getByTestId('save-general-settings').click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    const savedBanners = ((await answer.json()) as { banners: Banner[] }).banners;
    expect(savedBanners).toHaveLength(count + 1);
    expect(savedBanners[count]).toMatchObject({ id, link, title: { tr: '', en: title, ru: '' } });
    await expect(page.getByText('The general settings were saved.')).toBeVisible();

    // The customer's next load of the archive home: the banner, before the banner collections.
    await customerPage.goto('/');
    const strip = customerPage.getByTestId('banner-strip');
    const image = strip.getByRole('img', { name: title, exact: true });
    await expect(image).toBeVisible();
    await expectImageLoaded(image);
    const order = await strip.getByRole('listitem').evaluateAll((items, name) =>
      items.map((item) => (item.querySelector('[data-testid="studio-banner"]') ? (item.querySelector('img')?.getAttribute('alt') === name ? 'ours' : 'studio') : 'collection')),
    title);
    expect(order.indexOf('ours')).toBeGreaterThanOrEqual(0);
    expect(order.slice(0, order.indexOf('ours'))).not.toContain('collection');

    // An app path: the archive opens on it, in the same tab.
    await strip.getByRole('link', { name: title, exact: true }).click();
    await expect.poll(() => {
      const url = new URL(customerPage.url());
      return `${url.pathname}${url.search}`;
    }).toBe(link);
    await expect(customerPage.locator(`[data-testid="search-result"][data-design-guid="${design!.designGuid}"]`)).toBeVisible();
  } finally {
    await customer.close();
    // The other journeys expect the demo's settings (its banners among them).
    await staff.putJson('/admin/settings/general', before);
  }
});
