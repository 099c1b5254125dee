import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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
      },
    ]);
  });
});
