import { serverDate } from '@/lib/format';

/** When a job started, as its name shows it: "25 Nov 14:32" in the user's language, the year only when it is not this year's. */
export function formatJobTime(value: string, locale: string | undefined, now = new Date()): string {
  const date = serverDate(value);
  if (Number.isNaN(date.getTime())) return value;
  const year = date.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year, hour: '2-digit', minute: '2-digit' }).format(date);
}
