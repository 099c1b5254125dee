import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectGreeting, signIn, signInAsAdmin } from './support/app';
import { apiOfPage, numberPrefix, searchAll, signInApi, type Api, type StaffResult } from './support/api';
import { accounts } from './support/env';

const { manager, deputy } = accounts;

type UserRow = { userGuid: string; email: string; status: string; loginCondition: string; loginDayLimit: number | null };
type UserPage = { items: UserRow[]; totalCount: number };

/** One admin session for the whole file: the journeys follow each other like a working session. */
test.describe.configure({ mode: 'serial' });

let admin: Page;
let api: Api;
const stamp = Date.now();
const company = `E2E Tekstil ${stamp}`;
const poolName = `E2E selection ${stamp}`;
const customer = { email: `e2e-${stamp}@example.com`, name: 'Deniz Müşteri', password: 'Musteri-Pass1' };

async function usersMatching(query: string): Promise<UserRow[]> {
  return (await api.post<UserPage>('/admin/users/get-all', { query, pageSize: 200 })).items;
}

/** The users page searched for `query`, once the table shows only what the search finds (the search is debounced). */
async function openUsers(query: string) {
  await admin.goto('/admin');
  await admin.getByLabel('Search by name, e-mail or company').fill(query);
  await expect(admin.getByTestId('user-row').first()).toBeVisible();
  await expect(admin.getByTestId('user-row').filter({ hasNotText: query })).toHaveCount(0);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ locale: 'en-US' })).newPage();
}

test.beforeAll(async ({ browser }) => {
  admin = await newPage(browser);
  await signInAsAdmin(admin, manager);
  api = await apiOfPage(admin);
});

test.afterAll(async () => {
  await admin.context().close();
});

test('an admin adds a customer, a pool and a user with that pool; the user sees only the pool', async ({ browser }) => {
  test.setTimeout(120_000);
  // The customer company: the name is required.
  await admin.goto('/admin/customers');
  await admin.getByRole('button', { name: 'Add customer' }).click();
  const addCustomer = admin.getByRole('dialog', { name: 'Add customer' });
  await addCustomer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(addCustomer.getByText('Company name field is required.')).toBeVisible();
  await addCustomer.getByLabel(/^Company name/).fill(company);
  await addCustomer.getByLabel(/^Address/).fill('Merter, İstanbul');
  await addCustomer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(addCustomer).toBeHidden();
  await expect(admin.getByRole('cell', { name: company, exact: true })).toBeVisible();

  // A pool of a few designs, found by their number prefix.
  const archive = (await searchAll(api, { order: '2' })) as StaffResult[];
  const { prefix, admitted } = numberPrefix(archive);
  await admin.goto('/admin/pools');
  await admin.getByRole('button', { name: 'Create pool' }).click();
  const poolDialog = admin.getByRole('dialog', { name: 'Create pool' });
  await poolDialog.getByLabel(/^Name/).first().fill(poolName);
  if (await poolDialog.getByLabel('Design number starts with').count() === 0) {
    await poolDialog.getByRole('button', { name: 'Add search' }).click();
  }
  await poolDialog.getByLabel('Design number starts with').fill(prefix);
  await expect(poolDialog.getByTestId('pool-count')).toContainText(String(admitted.length));
  await poolDialog.getByRole('button', { name: 'Save pool' }).click();
  await expect(poolDialog).toBeHidden();
  await expect(admin.getByRole('cell', { name: poolName, exact: true })).toBeVisible();

  // The user: the customer, the pool, a password set now.
  await admin.goto('/admin');
  await admin.getByRole('button', { name: 'Add user' }).click();
  const addUser = admin.getByRole('dialog', { name: 'Add user' });
  await addUser.getByRole('combobox', { name: 'Customer' }).selectOption({ label: company });
  await addUser.getByRole('textbox', { name: 'Name' }).fill(customer.name);
  await addUser.getByRole('textbox', { name: 'E-mail' }).fill(customer.email);
  await addUser.getByRole('combobox', { name: 'Pool' }).selectOption({ label: poolName });
  await addUser.getByLabel('Set the password now').check();
  await addUser.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
  await addUser.getByRole('textbox', { name: 'Password again' }).fill(customer.password);
  await addUser.getByRole('button', { name: 'Create user' }).click();
  await expect(addUser).toBeHidden();
  const [row] = await usersMatching(customer.email);
  expect(row?.email).toBe(customer.email);

  // The new user signs in and finds exactly the pool's designs.
  const user = await newPage(browser);
  await signIn(user, customer.email, customer.password);
  await expectGreeting(user, customer.name);
  await expect(user.getByTestId('result-count')).toHaveAttribute('data-count', String(admitted.length));
  await user.context().close();
});

test('suspending a signed-in user ends the session: the next request fails with the spec message', async ({ browser }) => {
  const user = await newPage(browser);
  await signIn(user, customer.email, customer.password);
  await expectGreeting(user, customer.name);

  await openUsers(customer.email);
  await admin.getByRole('button', { name: `Actions for ${customer.name}` }).click();
  await admin.getByRole('menuitem', { name: 'Suspend' }).click();
  const confirm = admin.getByRole('dialog', { name: `Suspend ${customer.name}?` });
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('row', { name: new RegExp(customer.email) })).toContainText('Suspended');

  // The user's next request: the session is gone; signing in again names the suspension.
  await user.reload();
  await expect(user).toHaveURL(/\/login\?expired=true/);
  await expect(user.getByTestId('session-expired')).toHaveText('Your session has expired. Please sign in again.');
  await signIn(user, customer.email, customer.password);
  await expect(user.getByText('Your account has been suspended.')).toBeVisible();
  await user.context().close();
});

test('an admin sets the login restriction of three users at once', async () => {
  const customers = await api.post<{ items: { customerGuid: string; customerName: string }[] }>('/admin/customers/get-all', { query: company });
  const customerGuid = customers.items[0]?.customerGuid ?? '';
  const emails = [1, 2, 3].map((n) => `bulk${n}-${stamp}@example.com`);
  for (const mail of emails) {
    await api.post('/admin/users/create', {
      customer: customerGuid,
      name: `Bulk ${mail.slice(0, 5)}`,
      mail,
      language: 'tr',
      loginCondition: 'unlimited',
      passwordMode: 'invite',
      shopAccess: 'true',
      archiveAccess: 'true',
    });
  }
  await openUsers(`-${stamp}@`);
  await expect(admin.getByRole('row', { name: /bulk\d-/ })).toHaveCount(3);
  await admin.getByRole('checkbox', { name: 'Select all users on this page' }).check();
  // The e-mail search also matches the journey's first user: keep only the three.
  await admin.getByRole('checkbox', { name: `Select ${customer.name}` }).uncheck();
  await expect(admin.getByRole('region', { name: '3 users selected' })).toBeVisible();
  await admin.getByRole('button', { name: 'Set login restriction' }).click();
  const restriction = admin.getByRole('dialog', { name: 'Login restriction · 3 users' });
  await restriction.getByLabel('Limited to a number of days').check();
  await restriction.getByLabel(/^Number of days/).fill('30');
  await restriction.getByRole('button', { name: 'Save restriction' }).click();
  await expect(admin.getByText('3 users changed.')).toBeVisible();
  for (const mail of emails) {
    const [row] = await usersMatching(mail);
    expect([row?.loginCondition, row?.loginDayLimit], mail).toEqual(['day_limit', 30]);
  }
  const [first] = await usersMatching(customer.email);
  expect(first?.loginCondition, 'the unselected user keeps their condition').toBe('unlimited');
});

test("an admin resets another admin's authenticator: that admin enrols a new one at the next sign-in", async ({ browser, request }) => {
  // The deputy has an authenticator and a session.
  const deputyApi = await signInApi(request, deputy.email, deputy.password);
  await deputyApi.post('/account/validate-token');

  await openUsers(deputy.email);
  await admin.getByRole('button', { name: `Actions for ${deputy.name}` }).click();
  await admin.getByRole('menuitem', { name: 'Reset authenticator' }).click();
  const confirm = admin.getByRole('dialog', { name: `Reset the authenticator of ${deputy.name}?` });
  await confirm.getByRole('button', { name: 'Reset authenticator' }).click();
  await expect(admin.getByText('The authenticator was reset.')).toBeVisible();

  const validation = await deputyApi.post<{ isValid: boolean }>('/account/validate-token');
  expect(validation.isValid, 'the deputy session ended').toBe(false);
  const page = await newPage(browser);
  await signIn(page, deputy.email, deputy.password);
  await expect(page).toHaveURL(/\/authenticate/);
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  await page.context().close();
});
