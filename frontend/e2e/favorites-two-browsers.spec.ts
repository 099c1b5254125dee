import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, search } from './support/api';
import { expectGreeting, signIn } from './support/app';
import { accounts } from './support/env';

const { twin } = accounts;

type List = { id: string; name: string; entryCount: number };

/** A browser of its own (its own storage), signed in as the twin, on the design page. */
async function browserOnDesign(browser: Browser, designGuid: string, listName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, twin.email, twin.password);
  await expectGreeting(page, twin.name);
  await page.goto(`/design/${designGuid}`);
  await expect(page.getByTestId('add-to-list')).toHaveText(`Add to ${listName}`);
  return page;
}

test('two browsers adding the same colorway at once give one entry and one clear message', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const token = await request
    .post('/service/account/login_collection', { form: { mailAddress: twin.email, password: twin.password } })
    .then(async (r) => ((await r.json()) as { accessToken: string }).accessToken);
  const headers = { 'Access-Token': token };
  const [design] = (await search(apiAs(request, token), { order: '2' }, 0, 1)).results;
  const listName = `Twins ${Date.now()}`;
  // The list, remembered as the one-click target (as the add-to-list modal's "remember" does).
  const created = (await (await request.put('/service/favorites/create', { headers, form: { name: listName } })).json()) as List;
  expect(created.name).toBe(listName);
  const saved = await request.put('/service/account/client-settings', {
    headers,
    data: { isRememberFavoriteSelection: true, selectedCollection: created.id },
  });
  expect(saved.ok()).toBe(true);

  const first = await browserOnDesign(browser, design!.designGuid, listName);
  const second = await browserOnDesign(browser, design!.designGuid, listName);
  await Promise.all([first.getByTestId('add-to-list').click(), second.getByTestId('add-to-list').click()]);

  // One browser added it; the other says the colorway is already there, and shows it in the list.
  const added = `Added to “${listName}”.`;
  const present = 'This colorway is already in the list.';
  const outcome = async (page: Page) => {
    await expect(page.getByText(added).or(page.getByText(present))).toBeVisible();
    return (await page.getByText(added).count()) > 0 ? 'added' : 'present';
  };
  expect([await outcome(first), await outcome(second)].sort()).toEqual(['added', 'present']);
  for (const page of [first, second]) await expect(page.getByTestId('add-to-list')).toHaveText('In 1 list');

  const lists = (await (await request.get('/service/favorites/lists', { headers })).json()) as List[];
  expect(lists.find((l) => l.id === created.id)?.entryCount).toBe(1);
});
