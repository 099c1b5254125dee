import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { currentPath, renderApp } from '@/testing/render-app';
import { statisticsServer } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

/** The statistics screen at `path` on a server that records what it was asked. */
async function openStatistics(path = '/admin/statistics', options?: Parameters<typeof statisticsServer>[0]) {
  const user = userEvent.setup();
  const sent = statisticsServer(options);
  const view = renderApp(path);
  await screen.findByRole('grid', undefined, SLOW);
  return { user, ...sent, ...view };
}

const lastOf = <T,>(list: T[]) => list.at(-1);

describe('admin statistics', () => {
  afterEach(async () => {
    cleanup();
    await changeLocale('en');
  });

  it('opens on the labels tab: its entries, its chart, the summary and the time in the locale', async () => {
    const { entries, charts } = await openStatistics();
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Labels', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(entries[0]).toEqual({ route: 'label-entries', form: { page: '0', pageSize: '25', sort: 'at.desc' } }));
    await waitFor(() => expect(charts[0]).toEqual({ kind: 'label' }));

    const grid = screen.getByRole('grid', { name: 'Labels: entries' });
    expect(await within(grid).findByText('Ayşe Yılmaz', undefined, SLOW)).toBeInTheDocument();
    expect(within(grid).getByText('ayse@example.com')).toBeInTheDocument();
    expect(within(grid).getByText('Kumaş A.Ş.')).toBeInTheDocument();
    expect(within(grid).getByText('Paisley')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'D-1001' })).toHaveAttribute('href', '/design/d-1/cw-1');
    // 17:02 UTC, in the test's time zone and the English short style.
    const at = new Date('2026-11-26T17:02:03Z');
    expect(within(grid).getByText(new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(at))).toBeInTheDocument();

    const summary = screen.getByTestId('statistics-summary');
    expect(within(summary).getByTestId('statistics-summary-total')).toHaveTextContent('12,345');
    expect(within(summary).getByTestId('statistics-summary-users')).toHaveTextContent('1,234');
    expect(within(summary).getByTestId('statistics-summary-companies')).toHaveTextContent('56');
    expect(screen.getByRole('region', { name: 'Labels over time' })).toHaveTextContent('Entries per day');
  });

  it('writes the summary numbers the Turkish and the Russian way', async () => {
    await changeLocale('tr');
    await openStatistics();
    await waitFor(() => expect(screen.getByTestId('statistics-summary-total')).toHaveTextContent('12.345'));
    expect(screen.getByTestId('statistics-summary-users')).toHaveTextContent('1.234');
    expect(screen.getByRole('tab', { name: 'Etiketler', selected: true })).toBeInTheDocument();

    await act(() => changeLocale('ru'));
    // Russian groups thousands with a no-break space.
    await waitFor(() => expect(screen.getByTestId('statistics-summary-total')).toHaveTextContent(/^12\s345$/));
    expect(screen.getByTestId('statistics-summary-total').textContent).toBe(new Intl.NumberFormat('ru').format(12345));
  });

  it('reads each tab from its own route and keeps the tab in the URL', async () => {
    const { user, entries, charts, router } = await openStatistics();
    await waitFor(() => expect(lastOf(entries)?.route).toBe('label-entries'));

    await user.click(screen.getByRole('tab', { name: 'CAD downloads' }));
    await waitFor(() => expect(lastOf(entries)?.route).toBe('cad-entries'));
    await waitFor(() => expect(lastOf(charts)).toEqual({ kind: 'cad' }));
    expect(currentPath(router)).toBe('/admin/statistics?tab=cad');
    const cadGrid = await screen.findByRole('grid', { name: 'CAD downloads: entries' });
    // 1,572,864 bytes: human-readable.
    expect(await within(cadGrid).findByText('1.5 MB')).toBeInTheDocument();
    expect(within(cadGrid).getByText('psd')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sign-ins' }));
    await waitFor(() => expect(lastOf(entries)?.route).toBe('login-entries'));
    await waitFor(() => expect(lastOf(charts)).toEqual({ kind: 'login' }));
    const loginGrid = await screen.findByRole('grid', { name: 'Sign-ins: entries' });
    expect(await within(loginGrid).findByText('Signed in')).toBeInTheDocument();
    // A refusal is its error code, translated; a failed sign-in of an unknown e-mail has no user.
    expect(within(loginGrid).getByText('You have provided invalid credentials.')).toBeInTheDocument();
    expect(within(loginGrid).getByText('Unknown user')).toBeInTheDocument();
    expect(within(loginGrid).getByText('nobody@example.com')).toBeInTheDocument();
    // An older answer's zoneless time is UTC.
    const zoneless = new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(new Date('2026-11-25T08:00:00Z'));
    expect(within(loginGrid).getByText(zoneless)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Colorway views' }));
    await waitFor(() => expect(lastOf(entries)?.route).toBe('colorway-entries'));
    await waitFor(() => expect(lastOf(charts)).toEqual({ kind: 'colorway' }));
    expect(currentPath(router)).toBe('/admin/statistics?tab=colorways');
    // The labels tab alone has the pie.
    expect(screen.queryByRole('region', { name: 'Top 10 labels' })).not.toBeInTheDocument();
  });

  it('opens the tab a reloaded URL names, with its filters', async () => {
    const { entries, charts } = await openStatistics(`/admin/statistics?${new URLSearchParams({ tab: 'logins', company: 'c-1', user: 'u-1', userName: 'Ayşe Yılmaz', range: '9' })}`);
    expect(screen.getByRole('tab', { name: 'Sign-ins', selected: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(entries[0]).toEqual({ route: 'login-entries', form: { companyGuid: 'c-1', userGuid: 'u-1', dateRange: '9', page: '0', pageSize: '25', sort: 'at.desc' } }),
    );
    await waitFor(() => expect(charts[0]).toEqual({ companyGuid: 'c-1', userGuid: 'u-1', dateRange: '9', kind: 'login' }));
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('Ayşe Yılmaz');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Kumaş A.Ş.'));
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('9');
  });

  it('sends the company, the user and the date range with every request', async () => {
    const { user, entries, charts, userSearches, router } = await openStatistics();

    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Textiles' }));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ companyGuid: 'c-2', page: '0', pageSize: '25', sort: 'at.desc' }));

    // The user picker offers the chosen company's users.
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'bor');
    await user.click(await screen.findByRole('option', { name: 'Boris Petrov · boris@example.com' }, SLOW));
    expect(userSearches).toContainEqual({ page: '0', pageSize: '20', query: 'bor', customerGuid: 'c-2' });
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ companyGuid: 'c-2', userGuid: 'u-2', page: '0', pageSize: '25', sort: 'at.desc' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Last 30 days');
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ companyGuid: 'c-2', userGuid: 'u-2', dateRange: '10', page: '0', pageSize: '25', sort: 'at.desc' }));
    await waitFor(() => expect(lastOf(charts)).toEqual({ companyGuid: 'c-2', userGuid: 'u-2', dateRange: '10', kind: 'label' }));
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('10');

    // A custom range sends from/to instead of a preset.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Custom range');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await waitFor(() =>
      expect(lastOf(entries)?.form).toEqual({ companyGuid: 'c-2', userGuid: 'u-2', from: '2026-11-01', to: '2026-11-20', page: '0', pageSize: '25', sort: 'at.desc' }),
    );
    await waitFor(() => expect(lastOf(charts)).toEqual({ companyGuid: 'c-2', userGuid: 'u-2', from: '2026-11-01', to: '2026-11-20', kind: 'label' }));
    expect(currentPath(router)).toBe(`/admin/statistics?${new URLSearchParams({ company: 'c-2', user: 'u-2', userName: 'Boris Petrov', range: 'custom', from: '2026-11-01', to: '2026-11-20' })}`);

    // Cleared: the first answer (no filters) comes back from the cache.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/statistics'));
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('all');
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('does not ask for a custom range that ends before it starts', async () => {
    const { user, entries } = await openStatistics('/admin/statistics?range=custom&from=2026-11-20');
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ from: '2026-11-20', page: '0', pageSize: '25', sort: 'at.desc' }));
    const asked = entries.length;
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(await screen.findByText('The start date is after the end date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(entries).toHaveLength(asked);
  });

  it('pages and sorts on the server', async () => {
    const { user, entries } = await openStatistics();
    const grid = screen.getByRole('grid', { name: 'Labels: entries' });
    await within(grid).findByText('Ayşe Yılmaz', undefined, SLOW);
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '1', pageSize: '25', sort: 'at.desc' }));
    expect(await screen.findByText('26–50 of 120')).toBeInTheDocument();

    // Sorting starts again on the first page: time newest first, then oldest; user and company A→Z first, then Z→A.
    const header = (name: string) => within(grid).getByRole('columnheader', { name });
    expect(header('Time')).toHaveAttribute('aria-sort', 'descending');
    await user.click(header('Time'));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '0', pageSize: '25', sort: 'at.asc' }));
    await user.click(header('User'));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '0', pageSize: '25', sort: 'user.asc' }));
    await user.click(header('User'));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '0', pageSize: '25', sort: 'user.desc' }));
    expect(header('User')).toHaveAttribute('aria-sort', 'descending');
    await user.click(header('Company'));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '0', pageSize: '25', sort: 'company.asc' }));
    // Only time, user and company sort (the others are not the server's orders).
    expect(header('Label')).not.toHaveClass('MuiDataGrid-columnHeader--sortable');
    expect(header('Company')).toHaveClass('MuiDataGrid-columnHeader--sortable');
    // Back to the time, newest first (answered from the cache), then oldest.
    await user.click(header('Time'));
    await waitFor(() => expect(header('Time')).toHaveAttribute('aria-sort', 'descending'));
    await user.click(header('Time'));
    await waitFor(() => expect(header('Time')).toHaveAttribute('aria-sort', 'ascending'));

    // A bigger page starts again on the first page too; the order stays.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '1', pageSize: '25', sort: 'at.asc' }));
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastOf(entries)?.form).toEqual({ page: '0', pageSize: '50', sort: 'at.asc' }));

    // The order and the page size survive a change of tab.
    await user.click(screen.getByRole('tab', { name: 'CAD downloads' }));
    await waitFor(() => expect(lastOf(entries)).toEqual({ route: 'cad-entries', form: { page: '0', pageSize: '50', sort: 'at.asc' } }));
  });

  it('exports the tab as CSV with the same filters and order', async () => {
    const saved: { name: string; href: string }[] = [];
    const blobs: Blob[] = [];
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    // jsdom has no object URLs and does not download: the saved file is what the link was clicked with.
    Object.assign(URL, { createObjectURL: jest.fn((blob: Blob) => (blobs.push(blob), 'blob:statistics')), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
    try {
      const { user, exports } = await openStatistics(`/admin/statistics?${new URLSearchParams({ tab: 'cad', company: 'c-1', range: '4' })}`);
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toEqual([{ name: 'cad-entries.csv', href: 'blob:statistics' }]));
      expect(exports).toEqual([{ route: 'cad-entries', form: { companyGuid: 'c-1', dateRange: '4', sort: 'at.desc', format: 'csv' } }]);
      expect(await blobs[0]!.text()).toBe('Zaman;Kullanıcı\n');
    } finally {
      click.mockRestore();
      Object.assign(URL, original);
    }
  });

  it('shows the top 10 labels of the label statistic beside its pie chart', async () => {
    await openStatistics();
    const region = screen.getByRole('region', { name: 'Top 10 labels' });
    const list = await within(region).findByRole('list', { name: 'The 10 labels looked at most' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('Paisley2,000');
    expect(items[1]).toHaveTextContent('Floral1,850');
    expect(items[9]).toHaveTextContent('Ethnic650');
    // The pie draws one slice per label.
    await waitFor(() => expect(region.querySelectorAll('.MuiPieChart-arc')).toHaveLength(10));
  });
});
