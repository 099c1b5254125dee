import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { formOf, server } from '@/testing/server';
import type {
  CadEntry,
  ChartAnswer,
  ColorwayEntry,
  EntriesPage,
  FunnelPage,
  FunnelRow,
  FunnelTotals,
  LabelEntry,
  LoginEntry,
  StatisticsSummary,
  TopLabel,
  UnviewedDesign,
  UnviewedPage,
} from '../types';

const who = {
  at: '2026-11-26T17:02:03Z',
  userGuid: 'u-1',
  userName: 'Ayşe Yılmaz',
  userEmail: 'ayse@example.com',
  companyGuid: 'c-1',
  companyName: 'Kumaş A.Ş.',
};
const colorway = { designGuid: 'd-1', designNumber: 'D-1001', colorwayGuid: 'cw-1', colorwayName: 'Indigo' };

export const labelEntry: LabelEntry = { ...who, ...colorway, labelId: 11, label: 'Paisley' };
export const cadEntry: CadEntry = { ...who, ...colorway, format: 'psd', kind: 'production', bytes: 1_572_864 };
export const loginEntries: LoginEntry[] = [
  { ...who, email: 'ayse@example.com', ip: '10.0.0.7', outcome: 'success' },
  { ...who, at: '2026-11-25T08:00:00Z', userName: null, userEmail: null, companyGuid: null, companyName: null, email: 'nobody@example.com', ip: '10.0.0.8', outcome: 'invalid_credentials' },
];
export const colorwayEntry: ColorwayEntry = { ...who, designGuid: 'd-2', designNumber: null, colorwayGuid: 'cw-2', colorwayName: null };

export const summary: StatisticsSummary = { total: 12345, users: 1234, companies: 56 };

/** The 10 labels looked at most, most first. */
export const topLabels: TopLabel[] = ['Paisley', 'Floral', 'Geometric', 'Stripes', 'Animal', 'Abstract', 'Checks', 'Dots', 'Tropical', 'Ethnic'].map((label, index) => ({
  labelId: index + 1,
  label,
  count: 2000 - index * 150,
}));

/** The funnel's totals: favorites 10 % of the views, CAD downloads 50 % of the favorites, orders 6 % of the downloads. */
export const funnelTotals: FunnelTotals = { rows: 340, views: 12345, favorites: 1234, cadDownloads: 617, orders: 37 };
export const funnelRows: Record<'design' | 'company', FunnelRow[]> = {
  design: [
    { key: 'd-1', name: 'D-1001', views: 1500, favorites: 120, cadDownloads: 30, orders: 4 },
    // Favorited without a view in the period: no download rate.
    { key: 'd-2', name: 'D-1002', views: 0, favorites: 2, cadDownloads: 0, orders: 0 },
  ],
  company: [{ key: 'c-1', name: 'Kumaş A.Ş.', views: 9000, favorites: 900, cadDownloads: 450, orders: 30 }],
};
export const unviewedDesigns: UnviewedDesign[] = [
  { designGuid: 'd-9', designNumber: 'D-2001', uploadDate: '2026-11-20T10:00:00Z' },
  { designGuid: 'd-8', designNumber: 'D-1999', uploadDate: '2026-10-02T09:30:00Z' },
];
export const UNVIEWED_TOTAL = 42;

const routes = {
  'label-entries': [labelEntry],
  'cad-entries': [cadEntry],
  'login-entries': loginEntries,
  'colorway-entries': [colorwayEntry],
} as const;
export type EntriesRoute = keyof typeof routes;

export type Sent = { route: string; form: Record<string, string> };

/**
 * A signed-in admin and a statistics server: every entries route answers its fixtures as a page of
 * `totalCount` entries, the chart answers three days (and the top labels for `kind=label`), a
 * `format=csv` request answers a CSV attachment, the funnel answers its rows per design or company
 * with the totals, and the unviewed list two designs of 42. Every form received is recorded.
 */
export function statisticsServer({ totalCount = 120 }: { totalCount?: number } = {}) {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  const entries: Sent[] = [];
  const charts: Record<string, string>[] = [];
  const exports: Sent[] = [];
  const userSearches: Record<string, string>[] = [];
  const funnels: Record<string, string>[] = [];
  const unviewed: Record<string, string>[] = [];
  const page = (form: Record<string, string>, totalCount: number) => {
    const pageSize = Number(form.pageSize ?? 25);
    return { totalCount, totalPage: Math.ceil(totalCount / pageSize), currentPage: Number(form.page ?? 0), pageSize };
  };
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.post('*/service/get/customers/basic', () =>
      HttpResponse.json([
        { customerGuid: 'c-1', customerName: 'Kumaş A.Ş.' },
        { customerGuid: 'c-2', customerName: 'Acme Textiles' },
      ]),
    ),
    http.post('*/service/admin/users/get-all', async ({ request }) => {
      const form = await formOf(request);
      userSearches.push(form);
      const items = form.query ? [{ userGuid: 'u-2', name: 'Boris Petrov', email: 'boris@example.com' }] : [];
      return HttpResponse.json({ items, totalCount: items.length, totalPage: 1, currentPage: 0 });
    }),
    http.post('*/service/admin/statistics/chart', async ({ request }) => {
      const form = await formOf(request);
      charts.push(form);
      const answer: ChartAnswer = {
        bucket: 'day',
        points: [
          { period: '2026-11-24', count: 3 },
          { period: '2026-11-25', count: 0 },
          { period: '2026-11-26', count: 1500 },
        ],
        top: form.kind === 'label' ? topLabels : [],
      };
      return HttpResponse.json(answer);
    }),
    // Orders belong to companies: under a user filter the server counts none.
    http.post('*/service/admin/statistics/funnel', async ({ request }) => {
      const form = await formOf(request);
      funnels.push(form);
      const rows = funnelRows[form.by === 'company' ? 'company' : 'design'];
      const noOrders = Boolean(form.userGuid);
      const answer: FunnelPage = {
        items: rows.map((row) => (noOrders ? { ...row, orders: 0 } : row)),
        ...page(form, rows.length),
        totals: noOrders ? { ...funnelTotals, orders: 0 } : funnelTotals,
      };
      return HttpResponse.json(answer);
    }),
    http.post('*/service/admin/statistics/unviewed', async ({ request }) => {
      const form = await formOf(request);
      unviewed.push(form);
      const answer: UnviewedPage = { items: unviewedDesigns, ...page(form, UNVIEWED_TOTAL) };
      return HttpResponse.json(answer);
    }),
    http.post('*/service/admin/statistics/:route', async ({ request, params }) => {
      const route = String(params.route);
      const form = await formOf(request);
      if (form.format === 'csv') {
        exports.push({ route, form });
        return new HttpResponse('Zaman;Kullanıcı\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${route}.csv"` },
        });
      }
      entries.push({ route, form });
      const items = routes[route as EntriesRoute];
      if (!items) return HttpResponse.json({ code: 'not_found', message: 'no such statistic' }, { status: 404 });
      const pageSize = Number(form.pageSize ?? 25);
      const answer: EntriesPage<(typeof items)[number]> = {
        items: [...items],
        totalCount,
        totalPage: Math.ceil(totalCount / pageSize),
        currentPage: Number(form.page ?? 0),
        pageSize,
        summary,
      };
      return HttpResponse.json(answer);
    }),
  );
  return { entries, charts, exports, userSearches, funnels, unviewed };
}
