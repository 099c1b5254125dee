import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, expectGreeting, signIn } from './support/app';
import { apiOfPage, designHeader, searchAll, signInApi, staffDesignHeader, type DesignHeader, type SearchResult } from './support/api';
import { accounts } from './support/env';

/**
 * What a customer may see of the studio. Needs from the server: the buyer account of a demo company
 * (global-setup creates it before `desen demo`, which gives that company orders beside other
 * companies' on the same designs), and the studio's default settings (notes and original names
 * hidden from customers).
 */
const { buyer, inspector } = accounts;

const sizes = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const languages = ['en', 'tr', 'ru'] as const;

type Candidate = { design: SearchResult; staff: DesignHeader; own: number; others: string[] };

/**
 * A design the buyer may see that has orders of the buyer's company and of another, read as staff
 * (every order, with its company); one with notes when there is one, so that their absence shows.
 */
async function designWithBothOrders(page: Page): Promise<Candidate> {
  const staff = await signInApi(page.request, inspector.email, inspector.password);
  const ordered = await searchAll(staff, { specialListId: '2', order: '2' });
  const candidates: Candidate[] = [];
  for (const design of ordered) {
    const header = await staffDesignHeader(staff, design.designGuid);
    // Confined to another company: the buyer would not see it at all.
    if (header.isConfined && header.customer?.customerName !== buyer.customer) continue;
    const own = header.orders.filter((order) => order.customer === buyer.customer).length;
    const others = [...new Set(header.orders.map((order) => order.customer).filter((name): name is string => Boolean(name) && name !== buyer.customer))];
    if (own > 0 && others.length > 0) candidates.push({ design, staff: header, own, others });
  }
  const chosen = candidates.find((candidate) => candidate.staff.notes?.trim()) ?? candidates[0];
  if (!chosen) throw new Error(`no demo design has orders of ${buyer.customer} and of another company`);
  return chosen;
}

for (const size of sizes) {
  test.describe(`a customer on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('opens a design at its top and sees only the own company’s orders and no notes', async ({ page }) => {
      test.setTimeout(180_000);
      const { design, staff, own, others } = await designWithBothOrders(page);

      await signIn(page, buyer.email, buyer.password);
      await expectGreeting(page, buyer.name);
      // The server leaves hidden fields out (not blank) and keeps other companies' orders to itself.
      const answer = await designHeader(await apiOfPage(page), design.designGuid);
      expect(answer, 'notes are hidden from customers by default').not.toHaveProperty('notes');
      expect(answer, 'original names are hidden from customers by default').not.toHaveProperty('originalName');
      expect(answer.ordersScope).toBe('own');
      expect(answer.orders.map((order) => order.customer)).toEqual(Array(own).fill(buyer.customer));

      for (const language of languages) {
        await chooseLanguage(page, language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // From the results to the design, as a buyer comes (the app navigates, no page load).
        await page.goto(`/archive?number=${encodeURIComponent(design.designName)}`);
        const card = page.locator(`[data-testid="search-result"][data-design-guid="${design.designGuid}"]`);
        await card.getByRole('link').click();
        await expect(page.getByTestId('design-page')).toHaveAttribute('data-design-guid', design.designGuid);
        await expect(page.getByTestId('zoom-viewer')).toHaveAttribute('data-state', /ready|failed/, { timeout: 20_000 });

        // The number at the top: below the app bar, inside the viewport, the page not scrolled.
        const number = page.getByTestId('design-number');
        await expect(number).toHaveText(design.designName);
        expect(await page.evaluate(() => window.scrollY), `${language}: the page opened scrolled`).toBe(0);
        const bar = await page.locator('header').first().boundingBox();
        const box = await number.boundingBox();
        if (!bar || !box) throw new Error('no app bar or design number on screen');
        expect(box.y, `${language}: the number is under the app bar`).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
        await expect(page.getByTestId('back-to-results')).toBeInViewport();

        // Only the own company's orders, said so.
        const orders = page.getByTestId('orders-panel');
        await expect(orders).toHaveAttribute('data-scope', 'own');
        const rows = orders.getByTestId('order-row');
        await expect(rows).toHaveCount(own);
        for (const text of await rows.allInnerTexts()) expect(text).toContain(buyer.customer);
        for (const other of others) await expect(orders).not.toContainText(other);

        // No notes, no original name: no row for them, and the staff's note text nowhere.
        const info = page.getByTestId('design-info');
        await expect(info.locator('[data-fact="notes"]')).toHaveCount(0);
        await expect(info.locator('[data-fact="originalName"]')).toHaveCount(0);
        if (staff.notes?.trim()) await expect(page.getByTestId('design-page')).not.toContainText(staff.notes.trim().slice(0, 40));
        // Parameters by generic names, never "dp0".
        for (const label of await info.locator('dt').allInnerTexts()) expect(label).not.toMatch(/^dp\d$/);
        // Every row has a value.
        for (const value of await info.locator('dd').allInnerTexts()) expect(value.trim()).not.toBe('');
      }
    });
  });
}
