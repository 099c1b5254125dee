import type { ChartBucket } from '../types';

/** The first moment (UTC) of a day period ("2026-11-20") or a month period ("2026-11"); null for anything else. */
function periodStart(period: string): { date: Date; isDay: boolean } | null {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(period);
  if (!isDay && !/^\d{4}-\d{2}$/.test(period)) return null;
  const date = new Date(isDay ? `${period}T00:00:00Z` : `${period}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : { date, isDay };
}

const short = { day: { day: 'numeric', month: 'short' }, month: { month: 'short', year: 'numeric' } } as const;
const long = { day: { dateStyle: 'long' }, month: { month: 'long', year: 'numeric' } } as const;

function format(period: string, bucket: ChartBucket, locale: string | undefined, styles: typeof short | typeof long): string {
  const start = periodStart(period);
  if (!start) return period;
  // Periods are calendar days of the server, not moments: formatted in UTC so that no zone shifts them.
  const options: Intl.DateTimeFormatOptions = { ...(bucket === 'day' && start.isDay ? styles.day : styles.month), timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(start.date);
}

/** A chart period on the axis in the user's locale: "Nov 20" for a day, "Nov 2026" for a month; the text as it came when it is neither. */
export function formatPeriod(period: string, bucket: ChartBucket, locale: string | undefined): string {
  return format(period, bucket, locale, short);
}

/** A chart period in full for the tooltip: "November 20, 2026", "November 2026". */
export function formatPeriodLong(period: string, bucket: ChartBucket, locale: string | undefined): string {
  return format(period, bucket, locale, long);
}
