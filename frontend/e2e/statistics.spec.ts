import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/app';
import { designHeader, searchAll, signInApi } from './support/api';
import { accounts } from './support/env';

const { planner, watcher } = accounts;

test('an admin filters the statistics by a company and the last 30 days and reads the top labels', async ({ page, request }) => {
  // A company whose only activity is this: its user looks at designs until 5 to 10 labels are seen.
  const customer = await signInApi(request, watcher.email, watcher.password);
  const archive = await searchAll(customer, {});
  const seen = new Map<string, number>();
  let entries = 0;
  let views = 0;
  for (const design of archive) {
    if (seen.size >= 5) break;
    const header = await designHeader(customer, design.designGuid);
    const labels = header.labels.filter((label) => !label.isGroupHeader).map((label) => label.label);
    if (new Set([...seen.keys(), ...labels]).size > 10) continue;
    const colorway = header.colorways[0];
    if (!colorway) continue;
    // The first design twice: its labels lead.
    const times = seen.size === 0 ? 2 : 1;
    for (let i = 0; i < times; i += 1) {
      await customer.post('/metrics/record', { designGuid: design.designGuid, colorwayGuid: colorway.colorwayGuid, eventId: crypto.randomUUID() });
      views += 1;
      for (const label of labels) seen.set(label, (seen.get(label) ?? 0) + 1);
      entries += labels.length;
    }
  }
  expect(seen.size).toBeGreaterThanOrEqual(5);

  await signInAsAdmin(page, planner);
  await page.goto('/admin/statistics');
  await expect(page.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
  const filters = page.getByRole('search', { name: 'Statistics filters' });
  await filters.getByRole('combobox', { name: 'Company' }).fill('Watcher');
  await page.getByRole('option', { name: watcher.customer }).click();
  await expect(page).toHaveURL(/company=/);
  await filters.getByTestId('statistics-date-range').selectOption('10');
  await expect(page).toHaveURL(/range=10/);
  await expect(page).toHaveURL(/company=/);

  // The summary counts each view once per label; the pie chart's list names the labels seen.
  await expect(page.getByTestId('statistics-summary-total')).toHaveText(new RegExp(`(^|\\D)${entries}(\\D|$)`));
  await expect(page.getByTestId('statistics-summary-users')).toHaveText(/(^|\D)1(\D|$)/);
  const top = page.getByRole('list', { name: 'The 10 labels looked at most' });
  await expect(top.getByTestId('statistics-top-label')).toHaveCount(seen.size);
  const shown = await top.getByTestId('statistics-top-label').evaluateAll((items) =>
    items.map((item) => {
      const texts = Array.from(item.querySelectorAll('p, span')).map((node) => node.textContent ?? '');
      return texts.filter((text) => text.trim()).join('|');
    }),
  );
  const expected = [...seen.entries()].map(([label, count]) => `${label}|${count}`);
  expect(shown.sort()).toEqual(expected.sort());
  // Most looked at first.
  const counts = [...seen.values()].sort((a, b) => b - a);
  await expect(top.getByTestId('statistics-top-label').first()).toContainText(String(counts[0]));
  await expect(page.getByRole('grid', { name: 'Labels: entries' })).toBeVisible();

  // The funnel of the same company and period starts with its views.
  await page.getByRole('tab', { name: 'Funnel' }).click();
  await expect(page).toHaveURL(/tab=funnel/);
  await expect(page).toHaveURL(/company=/);
  await expect(page.getByTestId('statistics-funnel-views-count')).toHaveText(String(views));
});
