import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { formOf, server } from '@/testing/server';
import type { AuditEntry } from '../types';
import { adminUser, page, signedInAdmin } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: '2025-01-02T10:00:00Z',
    actorGuid: 'a-1',
    actorName: 'Admin',
    actorEmail: 'admin@example.com',
    action: 'password_assigned',
    subjectKind: 'user',
    subjectGuid: 'u-1',
    subjectName: 'Ayşe Yılmaz',
    details: '',
    ...overrides,
  };
}

const entries = [
  entry(),
  entry({ id: 2, action: 'login_condition_set', subjectGuid: 'u-2', subjectName: 'Boris Petrov', details: 'limited 30 days' }),
  entry({ id: 3, action: 'account_state_changed', subjectGuid: 'u-2', subjectName: 'Boris Petrov', actorName: null, details: 'active → stopped' }),
  entry({ id: 4, action: 'some_future_action', subjectGuid: null, subjectName: null }),
  entry({ id: 5, action: 'pool_saved', subjectKind: 'pool', subjectGuid: 'p-1', subjectName: 'Spring pool', details: '1 searches, 1 designs, 0 wear models' }),
];

async function openUsers() {
  const user = userEvent.setup();
  signedInAdmin([adminUser(), adminUser({ userGuid: 'u-2', name: 'Boris Petrov', email: 'boris@example.com' })]);
  const requests: Record<string, string>[] = [];
  server.use(
    http.post('*/service/admin/audit/get-all', async ({ request }) => {
      const form = await formOf(request);
      requests.push(form);
      return HttpResponse.json(page(form.subjectGuid ? entries.filter((e) => e.subjectGuid === form.subjectGuid) : entries));
    }),
  );
  renderApp('/admin');
  await screen.findByRole('cell', { name: 'Ayşe Yılmaz' }, SLOW);
  return { user, requests };
}

/** The action column of the log's rows. */
function actions() {
  const table = screen.getByRole('table', { name: 'Audit log' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent);
}

describe('audit log', () => {
  it('lists the events with translated action names', async () => {
    const { user, requests } = await openUsers();
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Audit log' }));

    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByRole('cell', { name: 'Password assigned' });
    expect(requests).toEqual([{ page: '0', pageSize: '25' }]);
    expect(actions()).toEqual(['Password assigned', 'Login restriction set', 'Account state changed', 'some_future_action', 'Pool saved']);
    // The server's English counts said with plural forms.
    expect(within(table).getAllByTestId('audit-details').at(-1)).toHaveTextContent('1 search, 1 design, 0 wear models');
    // Dates short and on one line.
    const when = within(table).getAllByRole('row')[1]!.querySelector('td')!;
    expect(when).toHaveStyle({ whiteSpace: 'nowrap' });
    const [, , stateRow, unknownRow] = within(table).getAllByRole('row').slice(1);
    expect(within(stateRow!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual([
      'admin@example.com',
      'Account state changed',
      'Boris Petrov',
      'active → stopped',
    ]);
    expect(within(unknownRow!).getAllByRole('cell').map((cell) => cell.textContent).slice(3)).toEqual(['—', '—']);
    expect(screen.queryByText(/Showing only what happened to/)).not.toBeInTheDocument();
  });

  it('shows the history of one user from the row menu, and everything again on request', async () => {
    const { user, requests } = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Actions for Boris Petrov' }));
    await user.click(await screen.findByRole('menuitem', { name: 'History' }));

    expect(await screen.findByText('Showing only what happened to Boris Petrov')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(actions()).toEqual(['Login restriction set', 'Account state changed']));
    expect(requests).toEqual([{ page: '0', pageSize: '25', subjectGuid: 'u-2' }]);

    await user.click(screen.getByRole('button', { name: 'Show everything' }));
    await waitFor(() => expect(actions()).toHaveLength(5));
    expect(requests.at(-1)).toEqual({ page: '0', pageSize: '25' });
    expect(screen.queryByText(/Showing only what happened to/)).not.toBeInTheDocument();
  });
});
