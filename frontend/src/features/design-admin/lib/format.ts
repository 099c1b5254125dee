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
