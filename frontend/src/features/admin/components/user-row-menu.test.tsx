import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { currentPath, renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { AdminUser } from '../types';
import { adminUser, signedInAdmin } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

async function openUsers(users: AdminUser[] = [adminUser()]) {
  const user = userEvent.setup();
  signedInAdmin(users);
  const app = renderApp('/admin');
  await screen.findByRole('cell', { name: users[0]!.name }, SLOW);
  return { user, router: app.router };
}

/** Chooses `item` in the row menu of `name` and returns the dialog that opens, found by its title. */
async function chooseAction(user: ReturnType<typeof userEvent.setup>, name: string, item: string, dialogName: string | RegExp) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: dialogName });
}

/** Every form a route received; answers with `answer(n)` for the n-th request (from 0). */
function recordPost(path: string, answer: (n: number) => Response = () => HttpResponse.json({ ok: true })) {
  const sent: Record<string, string>[] = [];
  server.use(
    http.post(`*/service${path}`, async ({ request }) => {
      sent.push(await formOf(request));
      return answer(sent.length - 1);
    }),
  );
  return sent;
}

describe('user row menu', () => {
  it('assign password: refuses a weak or mismatching password before sending, then sends both entries', async () => {
    const { user } = await openUsers();
    const sent = recordPost('/admin/users/assign-password');
    const dialog = await chooseAction(user, 'Ayşe Yılmaz', 'Assign new password', 'Assign a new password · Ayşe Yılmaz');
    const first = within(dialog).getByLabelText(/^New password \*/);
    const second = within(dialog).getByLabelText(/^New password again/);
    const save = within(dialog).getByRole('button', { name: 'Set password' });

    await user.click(first);
    await user.paste('secret123');
    await user.click(second);
    await user.paste('Secret123');
    await user.click(save);
    expect(first).toHaveAccessibleDescription('The password is not secure enough: use at least 8 characters with 1 upper-case and 1 lower-case letter.');
    expect(second).toHaveAccessibleDescription('The passwords do not match.');

    await user.clear(first);
    await user.click(first);
    await user.paste('Secret124');
    await user.click(save);
    expect(first).toHaveAccessibleDescription('At least 8 characters with 1 upper-case and 1 lower-case letter.');
    expect(second).toHaveAccessibleDescription('The passwords do not match.');
    expect(sent).toHaveLength(0);

    await user.clear(second);
    await user.click(second);
    await user.paste('Secret124');
    await user.click(save);

    expect(await screen.findByText('The new password was set.')).toBeInTheDocument();
    expect(sent).toEqual([{ userGuid: 'u-1', newPassword: 'Secret124', newPassword2: 'Secret124' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('login restriction: checks the day count, sends the addresses comma-separated and shows the refused field', async () => {
    const { user } = await openUsers([adminUser({ allowedIps: '10.0.0.1, 10.0.0.2' })]);
    const sent = recordPost('/admin/users/set-login-condition', (n) =>
      n === 0 ? HttpResponse.json({ code: 'invalid_form', message: 'bad address', field: 'allowedIps' }, { status: 400 }) : HttpResponse.json({ ok: true }),
    );
    const dialog = await chooseAction(user, 'Ayşe Yılmaz', 'Login restriction', 'Login restriction · Ayşe Yılmaz');
    const ips = within(dialog).getByLabelText('Allowed IP addresses');
    expect(ips).toHaveValue('10.0.0.1\n10.0.0.2');
    expect(within(dialog).getByRole('radio', { name: 'Unlimited' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'Limited to a number of days' }));
    const save = within(dialog).getByRole('button', { name: 'Save restriction' });
    await user.click(save);
    expect(within(dialog).getByLabelText(/^Number of days/)).toHaveAccessibleDescription('Enter a number of days from 1 to 3,650.');
    expect(sent).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/^Number of days/));
    await user.paste('30');
    await user.clear(ips);
    await user.click(ips);
    await user.paste('10.0.0.1, 999.1.1.1\n10.0.0.0/8');
    await user.click(save);

    await waitFor(() => expect(ips).toHaveAccessibleDescription('This value is not valid.'));
    expect(ips).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Number of days/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ userGuid: 'u-1', conditionType: 'limited', conditionValue: '30', allowedIps: '10.0.0.1,999.1.1.1,10.0.0.0/8' }]);

    await user.clear(ips);
    await user.click(ips);
    await user.paste('10.0.0.0/8');
    await user.click(save);
    expect(await screen.findByText('The login restriction was saved.')).toBeInTheDocument();
    expect(sent[1]).toEqual({ userGuid: 'u-1', conditionType: 'limited', conditionValue: '30', allowedIps: '10.0.0.0/8' });
  });

  it('suspend: offers only what fits the state and asks before sending change-account-state', async () => {
    const { user } = await openUsers();
    const sent = recordPost('/admin/users/change-account-state');
    await user.click(screen.getByRole('button', { name: 'Actions for Ayşe Yılmaz' }));
    const menu = await screen.findByRole('menu');
    // An active user without an authenticator: no "Activate", no "Reset authenticator".
    expect(within(menu).queryByRole('menuitem', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Reset authenticator' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Suspend' }));

    let confirm = await screen.findByRole('dialog', { name: 'Suspend Ayşe Yılmaz?' });
    expect(confirm).toHaveTextContent('The account cannot sign in until it is activated again; its sessions end at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    confirm = await chooseAction(user, 'Ayşe Yılmaz', 'Suspend', 'Suspend Ayşe Yılmaz?');
    expect(sent).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('The account is now Suspended.')).toBeInTheDocument();
    expect(sent).toEqual([{ userGuid: 'u-1', state: 'stopped' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edit: sends only the form fields and shows duplicate_email on the e-mail field', async () => {
    const { user } = await openUsers();
    // As the server answers it: no `field`, the code says where it belongs.
    const sent = recordPost('/admin/users/update', () => HttpResponse.json({ code: 'duplicate_email', message: 'taken' }, { status: 409 }));
    const dialog = await chooseAction(user, 'Ayşe Yılmaz', 'Edit', 'Edit user · Ayşe Yılmaz');
    const name = within(dialog).getByLabelText(/^Name/);
    const mail = within(dialog).getByLabelText(/^E-mail/);
    expect(name).toHaveValue('Ayşe Yılmaz');
    expect(mail).toHaveValue('ayse@example.com');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(sent).toHaveLength(0);

    await user.click(name);
    await user.paste('  Ayşe Kaya ');
    await user.clear(mail);
    await user.click(mail);
    await user.paste('boris@example.com');
    await user.click(within(dialog).getByRole('switch', { name: 'Shop access' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(mail).toHaveAccessibleDescription('There is already another user record with the same email address.'));
    expect(mail).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([
      { userGuid: 'u-1', name: 'Ayşe Kaya', mail: 'boris@example.com', language: 'tr', customer: 'c-1', shopAccess: 'true', archiveAccess: 'true', isInHouse: 'false' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit user · Ayşe Yılmaz' })).toBeInTheDocument();
  });

  it('assign pool: shows the current pool and takes it away with an empty bagId', async () => {
    const { user } = await openUsers([adminUser({ poolGuid: 'p-1', poolName: 'Spring pool' })]);
    const sent = recordPost('/admin/pool/assign', () => new HttpResponse(null, { status: 204 }));
    const dialog = await chooseAction(user, 'Ayşe Yılmaz', 'Assign pool', 'Assign pool · Ayşe Yılmaz');
    const pool = within(dialog).getByLabelText('Pool');
    await waitFor(() => expect(pool).toHaveValue('p-1'));

    await user.selectOptions(pool, '');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('The pool was taken away.')).toBeInTheDocument();
    expect(sent).toEqual([{ bagId: '', userGuid: 'u-1' }]);
  });

  it('"why can this user see a design?" opens the explanation for the row user on the pools screen', async () => {
    const { user, router } = await openUsers();
    server.use(http.post('*/service/admin/pool/all', () => HttpResponse.json([])));
    const dialog = await chooseAction(user, 'Ayşe Yılmaz', 'Why can this user see a design?', 'Why can this user see this design?');

    expect(currentPath(router)).toBe(`/admin/pools?${new URLSearchParams({ explainUser: 'u-1', explainName: 'Ayşe Yılmaz' })}`);
    expect(within(dialog).getByRole('combobox', { name: 'User' })).toHaveValue('Ayşe Yılmaz');
  });
});
