import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { currentPath, renderApp } from '@/testing/render-app';
import { statisticsServer } from '../testing/fixtures';

const SLOW = { timeout: 5000 };

/** The statistics screen at `path` on a server that records what it was asked. */
async function openStatistics(path: string) {
  const user = userEvent.setup();
  const sent = statisticsServer();
  const view = renderApp(path);
  await screen.findAllByRole('grid', undefined, SLOW);
  return { user, ...sent, ...view };
}

const lastOf = <T,>(list: T[]) => list.at(-1);
const funnelStep = (step: string) => screen.getByTestId(`statistics-funnel-${step}`);
const percent = (share: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);

describe('admin statistics: the funnel', () => {
  afterEach(async () => {
    cleanup();
    await changeLocale('en');
  });

  it('asks per design with the filters and shows the totals, each with its share of the step before', async () => {
    const { user, funnels, router } = await openStatistics(`/admin/statistics?${new URLSearchParams({ company: 'c-1', range: '9' })}`);
    await user.click(screen.getByRole('tab', { name: 'Funnel' }));
    expect(currentPath(router)).toBe('/admin/statistics?company=c-1&range=9&tab=funnel');
    await waitFor(() => expect(funnels[0]).toEqual({ companyGuid: 'c-1', dateRange: '9', by: 'design', page: '0', pageSize: '25' }));
    expect(screen.getByRole('button', { name: 'Per design' })).toHaveAttribute('aria-pressed', 'true');

    const list = await screen.findByRole('list', { name: 'Funnel steps' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(funnelStep('views')).toHaveTextContent('Views12,345'));
    expect(funnelStep('favorites')).toHaveTextContent('Favorites1,23410% of views');
    expect(funnelStep('cadDownloads')).toHaveTextContent('CAD downloads61750% of favorites');
    expect(funnelStep('orders')).toHaveTextContent('Orders376% of CAD downloads');

    // The table: the design number links to the design; the download rate is CAD downloads per view.
    const grid = screen.getByRole('grid', { name: 'Funnel per design' });
    expect(await within(grid).findByRole('link', { name: 'D-1001' }, SLOW)).toHaveAttribute('href', '/design/d-1');
    expect(within(grid).getByRole('columnheader', { name: 'Design' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Download rate (CAD downloads ÷ views)' })).toBeInTheDocument();
    expect(within(grid).getByText('1,500')).toBeInTheDocument();
    expect(within(grid).getByText('2%')).toBeInTheDocument();
    // No views, no rate.
    expect(within(grid).getByText('—')).toBeInTheDocument();
    // Without a user filter the orders count: no note.
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('writes the totals and shares the Turkish and the Russian way', async () => {
    await changeLocale('tr');
    await openStatistics('/admin/statistics?tab=funnel');
    expect(screen.getByRole('tab', { name: 'Dönüşüm hunisi', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(funnelStep('views')).toHaveTextContent('12.345'));
    expect(screen.getByTestId('statistics-funnel-favorites-share')).toHaveTextContent(`görüntülemelere oranla ${percent(0.1, 'tr')}`);
    expect(percent(0.1, 'tr')).toBe('%10');

    await act(() => changeLocale('ru'));
    await waitFor(() => expect(screen.getByTestId('statistics-funnel-views-count').textContent).toBe(new Intl.NumberFormat('ru').format(12345)));
    // Russian writes "50 %" with a no-break space.
    expect(screen.getByTestId('statistics-funnel-cadDownloads-share').textContent).toBe(`${percent(0.5, 'ru')} от избранного`);
    expect(screen.getByRole('grid', { name: 'Воронка по дизайнам' })).toBeInTheDocument();
  });

  it('asks again per company when switched, and keeps the choice in the URL', async () => {
    const { user, funnels, router } = await openStatistics('/admin/statistics?tab=funnel&range=4');
    await waitFor(() => expect(lastOf(funnels)).toEqual({ dateRange: '4', by: 'design', page: '0', pageSize: '25' }));

    await user.click(screen.getByRole('button', { name: 'Per company' }));
    await waitFor(() => expect(lastOf(funnels)).toEqual({ dateRange: '4', by: 'company', page: '0', pageSize: '25' }));
    expect(currentPath(router)).toBe('/admin/statistics?tab=funnel&range=4&by=company');
    expect(screen.getByRole('button', { name: 'Per company' })).toHaveAttribute('aria-pressed', 'true');
    const grid = await screen.findByRole('grid', { name: 'Funnel per company' });
    expect(await within(grid).findByText('Kumaş A.Ş.', undefined, SLOW)).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    // A company is not a link; no design row shows under the company column.
    expect(within(grid).queryByRole('link')).not.toBeInTheDocument();
    expect(within(grid).queryByText('D-1001')).not.toBeInTheDocument();
    expect(within(grid).getByText('5%')).toBeInTheDocument();

    // Back per design: the default leaves the URL.
    await user.click(screen.getByRole('button', { name: 'Per design' }));
    await waitFor(() => expect(currentPath(router)).toBe('/admin/statistics?tab=funnel&range=4'));
    expect(await screen.findByRole('grid', { name: 'Funnel per design' })).toBeInTheDocument();
  });

  it('opens per company from a reloaded URL', async () => {
    const { funnels } = await openStatistics('/admin/statistics?tab=funnel&by=company');
    await waitFor(() => expect(funnels[0]).toEqual({ by: 'company', page: '0', pageSize: '25' }));
    expect(screen.getByRole('button', { name: 'Per company' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the designs never viewed in the period with their count, paged on the server', async () => {
    const { user, unviewed } = await openStatistics('/admin/statistics?tab=funnel&company=c-1&range=7');
    await waitFor(() => expect(unviewed[0]).toEqual({ companyGuid: 'c-1', dateRange: '7', page: '0', pageSize: '10' }));
    const section = screen.getByRole('region', { name: /^Designs never viewed in this period/ });
    expect(await within(section).findByRole('heading', { name: 'Designs never viewed in this period (42)' }, SLOW)).toBeInTheDocument();
    const grid = within(section).getByRole('grid', { name: 'Designs never viewed' });
    expect(await within(grid).findByRole('link', { name: 'D-2001' })).toHaveAttribute('href', '/design/d-9');
    expect(within(grid).getByRole('link', { name: 'D-1999' })).toHaveAttribute('href', '/design/d-8');
    expect(within(grid).getByText(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-11-20T10:00:00Z')))).toBeInTheDocument();
    expect(within(section).getByText('1–10 of 42')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastOf(unviewed)).toEqual({ companyGuid: 'c-1', dateRange: '7', page: '1', pageSize: '10' }));
  });

  it('says that orders are not counted under a user filter', async () => {
    const { funnels } = await openStatistics(`/admin/statistics?${new URLSearchParams({ tab: 'funnel', user: 'u-1', userName: 'Ayşe Yılmaz' })}`);
    await waitFor(() => expect(funnels[0]).toEqual({ userGuid: 'u-1', by: 'design', page: '0', pageSize: '25' }));
    expect(screen.getByRole('note')).toHaveTextContent('Orders belong to companies: with a user chosen, every order count is 0.');
    await waitFor(() => expect(screen.getByTestId('statistics-funnel-orders-count')).toHaveTextContent('0'));
    // The downloads stay: the orders are 0 % of them.
    expect(screen.getByTestId('statistics-funnel-orders-share')).toHaveTextContent('0% of CAD downloads');
  });
});
