import { expect, test } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { searchAll, signInApi, staffDesignHeader, type StaffResult } from './support/api';
import { cardNumbers, openDesigns } from './support/collections';
import { accounts } from './support/env';

type Pin = { designGuid: string; designName: string; position: number };

const { pinner, tagger, user } = accounts;

/** Five open designs whose numbers share a prefix that admits no other design. */
function fiveOfOnePrefix(archive: StaffResult[]): { prefix: string; designs: StaffResult[] } {
  for (const design of archive) {
    for (let length = design.designName.length - 1; length >= 4; length -= 1) {
      const prefix = design.designName.slice(0, length);
      const matching = archive.filter((other) => other.designName.startsWith(prefix));
      if (matching.length >= 5 && matching.length <= 12) return { prefix, designs: matching.slice(0, 5) };
    }
  }
  throw new Error('no number prefix admits 5 to 12 designs');
}

test('an admin labels five unlabeled designs with the keyboard and watches the progress', async ({ page, request }) => {
  const staff = await signInApi(request, tagger.email, tagger.password);
  const archive = (await searchAll(staff, { order: '2' })) as StaffResult[];
  const { prefix, designs } = fiveOfOnePrefix(archive);
  const matching = archive.filter((design) => design.designName.startsWith(prefix)).length;
  // The demo labels every design: these five lose theirs.
  for (const design of designs) await staff.put(`/design/header/${design.designGuid}`, { labelIDs: '' });

  await signInAsAdmin(page, tagger);
  await page.goto('/admin/labels');
  await page.getByRole('searchbox', { name: 'Filter designs by number or file name' }).fill(prefix);
  const progress = page.getByTestId('tagging-progress');
  await expect(progress).toHaveText(`${matching - 5} labeled · 5 left · ${matching} designs`);

  // Saving with nothing chosen says so, and keeps the design.
  const number = page.getByTestId('tagging-design-number');
  const first = (await number.textContent()) ?? '';
  const labelFilter = page.getByRole('textbox', { name: 'Find a label' });
  await labelFilter.press('Control+Enter');
  await expect(page.getByTestId('tagging-problem')).toHaveText(/You haven't made a selection!/);
  await expect(number).toHaveText(first);

  const tagged: string[] = [];
  for (let left = 5; left > 0; left -= 1) {
    const shown = (await number.textContent()) ?? '';
    expect(designs.map((design) => design.designName)).toContain(shown);
    expect(tagged).not.toContain(shown);
    // Type to find the label, Enter to choose it, Ctrl+Enter to save and go on.
    await expect(labelFilter).toBeFocused();
    await labelFilter.fill('flor');
    await labelFilter.press('Enter');
    await expect(page.getByRole('button', { name: 'Floral', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/service/admin/tags/unlabeled'));
    await labelFilter.press('Control+Enter');
    expect((await saved).status()).toBe(200);
    tagged.push(shown);
    await expect(progress).toHaveText(`${matching - left + 1} labeled · ${left - 1} left · ${matching} designs`);
  }
  await expect(page.getByTestId('tagging-done')).toBeVisible();
  expect([...tagged].sort()).toEqual(designs.map((design) => design.designName).sort());
  // Each of the five carries the label now.
  for (const design of designs) {
    const header = await staffDesignHeader(staff, design.designGuid);
    expect(header.labels.map((label) => label.label)).toContain('Floral');
  }
});

test('an admin pins three designs and a customer sees them first in that order', async ({ page, browser, request }) => {
  const staff = await signInApi(request, pinner.email, pinner.password);
  const before = await staff.get<Pin[]>('/admin/pins');
  const archive = openDesigns((await searchAll(staff, { order: '2' })) as StaffResult[]);
  // Three designs from the end of the archive: far from the first page without pins.
  const picked = archive.slice(-3);
  expect(picked).toHaveLength(3);
  const [a, b, c] = picked as [StaffResult, StaffResult, StaffResult];
  // A fourth, pinned from its card on the archive.
  const d = archive.at(-4);
  if (!d) throw new Error('the archive should hold a fourth open design');
  try {
    await signInAsAdmin(page, pinner);
    await page.goto('/admin/pin');
    const pinned = page.getByRole('list', { name: 'Pinned designs' });
    // Start from no pins (the demo pins a few).
    for (const pin of before) {
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/admin/pins'));
      await page.getByRole('button', { name: `Unpin ${pin.designName}` }).click();
      await saved;
    }
    await expect(pinned.getByTestId('pinned-design')).toHaveCount(0);
    const field = page.getByRole('combobox', { name: 'Pin a design by number' });
    for (const design of [a, b, c]) {
      await field.fill(design.designName);
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/admin/pins'));
      await page.getByRole('option', { name: new RegExp(`^${design.designName}( |$)`) }).click();
      expect((await saved).status()).toBe(200);
    }
    // c moves to the top: c, a, b.
    for (let i = 0; i < 2; i += 1) {
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/admin/pins'));
      await page.getByRole('button', { name: `Move ${c.designName} up` }).click();
      await saved;
    }
    const order = [c, a, b].map((design) => design.designName);
    await expect(pinned.getByTestId('pinned-design')).toHaveCount(3);
    expect((await staff.get<Pin[]>('/admin/pins')).map((pin) => pin.designName)).toEqual(order);

    // A customer's archive opens with them, in that order.
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await signIn(customerPage, user.email, user.password);
    await expectGreeting(customerPage, user.name);
    const cards = customerPage.getByTestId('search-result');
    await expect(cards.first()).toBeVisible();
    await expect.poll(async () => (await cardNumbers(cards)).slice(0, 3)).toEqual(order);
    await customer.close();

    // The admin pins one more design from its card on the archive: it goes after the others.
    await page.goto(`/archive?number=${encodeURIComponent(d.designName)}`);
    const card = page.getByRole('article', { name: d.designName, exact: true });
    const pinButton = card.getByRole('button', { name: `Pin ${d.designName}`, exact: true });
    await expect(pinButton).toBeVisible();
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/service/admin/pins'));
    await pinButton.click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ designGuids: [c, a, b, d].map((design) => design.designGuid) });
    await expect(page.getByText(`${d.designName} was pinned.`)).toBeVisible();
    // The results are read again: the card says it is pinned, and its button unpins.
    await expect(card.getByTestId('badge-pinned')).toBeVisible();
    await expect(card.getByRole('button', { name: `Unpin ${d.designName}`, exact: true })).toBeVisible();
    await page.goto('/admin/pin');
    await expect(pinned.getByTestId('pinned-design')).toHaveCount(4);
    await expect(pinned.getByTestId('pinned-design').last()).toContainText(d.designName);
    expect((await staff.get<Pin[]>('/admin/pins')).map((pin) => pin.designName)).toEqual([...order, d.designName]);
  } finally {
    // The other journeys expect the demo's pins.
    await staff.putJson('/admin/pins', { designGuids: before.map((pin) => pin.designGuid) });
  }
});
