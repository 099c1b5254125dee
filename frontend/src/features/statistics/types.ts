/** The tabs that list entries (one route each, a chart and a CSV export). */
export const entryTabs = ['labels', 'cad', 'logins', 'colorways'] as const;
export type EntryTab = (typeof entryTabs)[number];

/** The statistics screen (docs: /admin/statistics contract): one tab per statistic, then the funnel. */
export const statisticTabs = [...entryTabs, 'funnel'] as const;
export type StatisticTab = (typeof statisticTabs)[number];

export function isStatisticTab(value: unknown): value is StatisticTab {
  return typeof value === 'string' && (statisticTabs as readonly string[]).includes(value);
}

/** The `kind` of POST /admin/statistics/chart. */
export type ChartKind = 'label' | 'cad' | 'login' | 'colorway';

/**
 * The date presets of the filter form's `dateRange`: 1 today, 2 yesterday, 3 this week, 4 this
 * month, 5 this year, 6 last week, 7 last month, 8 last year, 9 last 7 days, 10 last 30 days,
 * 11 last 365 days (0 or absent: all times).
 */
export const dateRangePresets = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];

/** What the date range select offers: all times, a preset, or a custom from/to range. */
export type DateRangeChoice = 'all' | 'custom' | DateRangePreset;

/** The filters every tab shares, as the URL keeps them; empty strings do not restrict. */
export type StatisticsFilters = {
  companyGuid: string;
  userGuid: string;
  /** The chosen user's name (kept in the URL so that a reload shows it without a lookup). */
  userName: string;
  range: DateRangeChoice;
  /** YYYY-MM-DD, both days included; used only with `range: 'custom'`. */
  from: string;
  to: string;
};

export const sortFields = ['at', 'user', 'company'] as const;
export type SortField = (typeof sortFields)[number];
export type SortDirection = 'asc' | 'desc';
/** The form's `sort`: `at.desc` (the default), `user.asc`, … */
export type StatisticsSort = `${SortField}.${SortDirection}`;
export const DEFAULT_SORT: StatisticsSort = 'at.desc';

/** The fields every entry has. `at` is RFC 3339 in UTC (`…Z`). */
export type EntryBase = {
  at: string;
  userGuid: string;
  userName: string | null;
  userEmail: string | null;
  companyGuid: string | null;
  companyName: string | null;
};

/** POST /admin/statistics/label-entries: a colorway view, once for each label its design carries. */
export type LabelEntry = EntryBase & {
  designGuid: string;
  designNumber: string | null;
  colorwayGuid: string;
  colorwayName: string | null;
  labelId: number;
  label: string | null;
};

/** POST /admin/statistics/cad-entries: a CAD file downloaded. */
export type CadEntry = EntryBase & {
  designGuid: string;
  designNumber: string | null;
  colorwayGuid: string;
  colorwayName: string | null;
  format: string;
  kind: string;
  bytes: number | null;
};

/** POST /admin/statistics/login-entries: a sign-in; `outcome` is `success` or a refusal code (`invalid_credentials`, …). */
export type LoginEntry = EntryBase & {
  email: string | null;
  ip: string | null;
  outcome: string;
};

/** POST /admin/statistics/colorway-entries: a colorway view. */
export type ColorwayEntry = EntryBase & {
  designGuid: string;
  designNumber: string | null;
  colorwayGuid: string;
  colorwayName: string | null;
};

export type EntryOf = { labels: LabelEntry; cad: CadEntry; logins: LoginEntry; colorways: ColorwayEntry };
export type AnyEntry = EntryOf[EntryTab];

/** The whole selection's counts (not just the page's). */
export type StatisticsSummary = { total: number; users: number; companies: number };

/** A page of a statistic's rows; `currentPage` counts from 0. */
export type Page<T> = {
  items: T[];
  totalCount: number;
  totalPage: number;
  currentPage: number;
  pageSize: number;
};

/** A page of entries with the whole selection's counts. */
export type EntriesPage<T> = Page<T> & { summary: StatisticsSummary };

export type ChartBucket = 'day' | 'month';
/** `period`: "2026-11-20" for a day, "2026-11" for a month. */
export type ChartPoint = { period: string; count: number };
export type TopLabel = { labelId: number; label: string; count: number };

/** POST /admin/statistics/chart: consecutive periods (empty ones with 0); `top` only for `kind=label`. */
export type ChartAnswer = { bucket: ChartBucket; points: ChartPoint[]; top: TopLabel[] };

/** The funnel's rows (the form's `by`): one per design (the default) or per company. */
export const funnelBys = ['design', 'company'] as const;
export type FunnelBy = (typeof funnelBys)[number];
export const DEFAULT_FUNNEL_BY: FunnelBy = 'design';

/** The funnel's steps, in order: each one's share is taken of the one before. */
export const funnelSteps = ['views', 'favorites', 'cadDownloads', 'orders'] as const;
export type FunnelStep = (typeof funnelSteps)[number];
export type FunnelCounts = Record<FunnelStep, number>;

/**
 * POST /admin/statistics/funnel: a design (`key` its guid, `name` its number) or a company (its
 * guid and name) with each step counted under the filters. Orders belong to companies: with a user
 * filter they are 0.
 */
export type FunnelRow = FunnelCounts & { key: string; name: string };

/** The steps summed over the whole selection; `rows`: the designs (or companies) with any step. */
export type FunnelTotals = FunnelCounts & { rows: number };

/** A page of funnel rows, most viewed first (the server's order: no `sort`), with the totals. */
export type FunnelPage = Page<FunnelRow> & { totals: FunnelTotals };

/** POST /admin/statistics/unviewed: a design nobody the filters admit looked at in the period; `uploadDate` is RFC 3339 in UTC (`…Z`). */
export type UnviewedDesign = { designGuid: string; designNumber: string; uploadDate: string };

/** Newest upload first. */
export type UnviewedPage = Page<UnviewedDesign>;
