import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { changeLocale } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import { adminUser, signedInAdmin } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

async function openUsers(users = [adminUser(), adminUser({ userGuid: 'u-2', name: 'Boris Petrov', email: 'boris@example.com' })]) {
  const user = userEvent.setup();
  const { userRequests } = signedInAdmin(users);
  renderApp('/admin');
  await screen.findByRole('cell', { name: 'Ayşe Yılmaz' }, SLOW);
  return { user, userRequests };
}

describe('admin users', () => {
  afterEach(async () => {
    // Unmounted first: switching the language under a mounted app updates it outside act().
    cleanup();
    await changeLocale('en');
  });

  it('lays the four filters out as one toolbar, not as full-width rows', async () => {
    await openUsers();
    const bar = screen.getByTestId('user-filters');
    for (const label of ['Search by name, e-mail or company', 'Status', 'Pool', 'Customer']) {
      const control = screen.getByLabelText(label).closest('.MuiFormControl-root')!;
      expect(bar).toContainElement(control as HTMLElement);
      // The theme's full-width, normal-margin text fields stacked them one per line.
      expect(control).not.toHaveClass('MuiFormControl-fullWidth');
      expect(control).not.toHaveClass('MuiFormControl-marginNormal');
    }
    expect(bar).toHaveStyle({ display: 'flex', flexWrap: 'wrap' });
  });

  it('names the page and the signed-in admin in the app bar', async () => {
    await openUsers();
    expect(screen.getByTestId('app-bar-page')).toHaveTextContent('Users');
    expect(screen.getByTestId('app-bar-user')).toHaveTextContent('Signed in as Admin');
  });

  it('keeps dates short and on one line, also in Russian', async () => {
    await changeLocale('ru');
    await openUsers([adminUser({ lastLoginAt: '2025-01-02T10:00:00Z', createdAt: '2024-05-01T09:00:00Z' })]);
    const lastLogin = screen.getByTestId('user-last-login');
    expect(lastLogin).toHaveTextContent('02.01.2025, 10:00');
    expect(lastLogin).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByTestId('user-created')).toHaveTextContent('01.05.2024, 09:00');
  });

  it('sends the filters, the inactive view and the sort with the list request', async () => {
    const { user, userRequests } = await openUsers();
    expect(userRequests[0]).toEqual({ page: '0', pageSize: '25' });

    await user.selectOptions(screen.getByLabelText('Status'), 'stopped');
    await user.selectOptions(screen.getByLabelText('Pool'), 'p-1');
    await user.selectOptions(screen.getByLabelText('Customer'), 'c-1');
    await user.click(screen.getByRole('switch', { name: 'Inactive users only' }));
    await user.selectOptions(screen.getByLabelText('Without sign-in for'), '180');
    await user.click(screen.getByRole('button', { name: 'Last login' }));
    await user.click(screen.getByRole('button', { name: 'Last login' }));

    await waitFor(() =>
      expect(userRequests.at(-1)).toEqual({
        page: '0',
        pageSize: '25',
        status: 'stopped',
        poolGuid: 'p-1',
        customerGuid: 'c-1',
        inactiveDays: '180',
        sort: 'lastLogin',
        descending: 'true',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(userRequests.at(-1)).toEqual({ page: '0', pageSize: '25', sort: 'lastLogin', descending: 'true' }));
  });

  it('runs a bulk action on the selected users after a confirmation', async () => {
    const { user } = await openUsers();
    let sent: Record<string, string> | undefined;
    server.use(
      http.post('*/service/admin/users/bulk-change-account-state', async ({ request }) => {
        sent = await formOf(request);
        return HttpResponse.json({ changed: 2 });
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Ayşe Yılmaz' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Boris Petrov' }));
    const bar = screen.getByRole('region', { name: '2 users selected' });
    await user.click(within(bar).getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change 2 users?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('2 users changed.')).toBeInTheDocument();
    expect(sent).toEqual({ userGuids: 'u-1,u-2', state: 'stopped' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /selected/ })).not.toBeInTheDocument());
  });

  it('checks the add-user form, then shows the fields the server refused', async () => {
    const { user } = await openUsers();
    const created: Record<string, string>[] = [];
    server.use(
      http.post('*/service/admin/users/create', async ({ request }) => {
        created.push(await formOf(request));
        return HttpResponse.json({ code: 'duplicate_email', message: 'taken', field: 'mail' }, { status: 409 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('radio', { name: 'Set the password now' }));
    await user.click(within(dialog).getByLabelText(/^Password \*/));
    await user.paste('short');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(within(dialog).getByLabelText(/^Customer/)).toHaveAccessibleDescription('This field is required.');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('This field is required.');
    expect(within(dialog).getByLabelText(/^E-mail \s*\*/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Password \*/)).toHaveAccessibleDescription('The password is not secure enough: use at least 8 characters with 1 upper-case and 1 lower-case letter.');
    expect(created).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/^Customer/), 'c-1');
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Deniz Kaya');
    await user.click(within(dialog).getByLabelText(/^E-mail \s*\*/));
    await user.paste('deniz@example.com');
    await user.clear(within(dialog).getByLabelText(/^Password \*/));
    await user.click(within(dialog).getByLabelText(/^Password \*/));
    await user.paste('Secret123');
    await user.click(within(dialog).getByLabelText(/^Password again/));
    await user.paste('Secret123');
    await user.click(within(dialog).getByRole('radio', { name: 'Limited to a number of days' }));
    await user.click(within(dialog).getByLabelText(/^Number of days/));
    await user.paste('30');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    const mail = within(dialog).getByLabelText(/^E-mail \s*\*/);
    await waitFor(() => expect(mail).toHaveAccessibleDescription('There is already another user record with the same email address.'));
    expect(created).toEqual([
      {
        customer: 'c-1',
        name: 'Deniz Kaya',
        mail: 'deniz@example.com',
        language: 'en',
        loginCondition: 'limited',
        conditionData: '30',
        passwordMode: 'set',
        password1: 'Secret123',
        password2: 'Secret123',
        shopAccess: 'false',
        archiveAccess: 'true',
        isInHouse: 'false',
      },
    ]);
  });
});
