/** The group separator of each interface language in whole numbers, as Intl writes them (CLDR). */
const groupSeparators: Readonly<Record<string, string>> = { en: ',', tr: '.', ru: '\u00a0' };

/**
 * A count in the user's locale ("1,234", "1.234", "1 234"), as `toLocaleString` writes it. The
 * archive's first screen shows counts: a page's first `Intl.NumberFormat` loads the number data
 * of ICU, 20 to 80 ms on this kind of machine, which would delay the first cards. Whole numbers
 * in the three interface languages need only the separator; anything else goes to Intl.
 */
export function formatCount(value: number, locale: string | undefined): string {
  const separator = locale === undefined ? undefined : groupSeparators[locale];
  if (separator === undefined || !Number.isSafeInteger(value)) return value.toLocaleString(locale);
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let index = 0; index < digits.length; index += 1) {
    if (index > 0 && (digits.length - index) % 3 === 0) grouped += separator;
    grouped += digits[index];
  }
  return value < 0 ? `-${grouped}` : grouped;
}

/** "12.3 MB": sizes with binary multiples, one decimal above kilobytes. */
export function formatBytes(bytes: number, locale: string | undefined): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

/** Spec section 9: dimensions rounded to 2 decimals. */
export function formatDecimal(value: number | null | undefined, locale: string | undefined, minimumFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits: 2 }).format(value);
}

/** A date-time without a zone ("2025-01-02T10:00:00.123"), as servers before RFC 3339 wrote them. */
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A date-time the server sent: RFC 3339 in UTC ("2025-01-02T10:00:00.123Z"). A zone-less one (an
 * older server's, kept in a cache) is read as UTC too, never as local time (a browser would take it
 * for local time: three hours early in Istanbul).
 */
export function serverDate(value: string): Date {
  return new Date(ZONELESS_DATE_TIME.test(value) ? `${value}Z` : value);
}

/**
 * A server date-time in the user's locale and time zone ("2 Jan 2025, 10:00"); the text as it came
 * when it is not a date.
 */
export function formatDateTime(value: string | null | undefined, locale: string | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  if (!value) return '—';
  const parsed = serverDate(value);
  return Number.isNaN(parsed.getTime()) ? value : new Intl.DateTimeFormat(locale, options).format(parsed);
}

/**
 * A date-time for table cells: the short date ("25.11.2025, 14:32" in Russian) that stays on one
 * line where the medium one ("25 нояб. 2025 г., 14:32") wraps.
 */
export function formatDateTimeShort(value: string | null | undefined, locale: string | undefined): string {
  return formatDateTime(value, locale, { dateStyle: 'short', timeStyle: 'short' });
}

/** A server date in the user's locale, without the time ("2 Jan 2025"). */
export function formatDate(value: string | null | undefined, locale: string | undefined): string {
  return formatDateTime(value, locale, { dateStyle: 'medium' });
}

/** A share between 0 and 1 as a percentage ("40 %" in English, "%40" in Turkish). */
export function formatShare(share: number, locale: string | undefined): string {
  if (!Number.isFinite(share)) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: share < 0.01 ? 1 : 0 }).format(share);
}
