import { formatCount, formatDateTime, serverDate } from './format';

describe('server dates', () => {
  it('reads the server’s RFC 3339 UTC times, a zone-less date-time as UTC too, and others as they are', () => {
    expect(serverDate('2026-11-25T10:00:00Z').getTime()).toBe(Date.UTC(2026, 10, 25, 10, 0, 0));
    expect(serverDate('2026-11-25T00:27:27.943724128Z').getTime()).toBe(Date.UTC(2026, 10, 25, 0, 27, 27, 943));
    expect(serverDate('2026-11-25T10:00:00').getTime()).toBe(Date.UTC(2026, 10, 25, 10, 0, 0));
    expect(serverDate('2026-11-25T10:00:00.123456').getTime()).toBe(Date.UTC(2026, 10, 25, 10, 0, 0, 123));
    expect(serverDate('2026-11-25T10:00:00+03:00').getTime()).toBe(Date.UTC(2026, 10, 25, 7, 0, 0));
    expect(serverDate('2026-11-25').getTime()).toBe(Date.UTC(2026, 10, 25));
  });

  it('shows a server time in the user’s time zone', () => {
    const shown = formatDateTime('2026-11-25T10:00:00Z', 'en-GB', { timeStyle: 'short', timeZone: 'Europe/Istanbul' });
    expect(shown).toBe('13:00');
    expect(formatDateTime('2026-11-25T10:00:00', 'en-GB', { timeStyle: 'short', timeZone: 'Europe/Istanbul' })).toBe('13:00');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('counts', () => {
  it('are written as Intl writes them, in every interface language', () => {
    const numbers = [0, 7, 999, 1000, 1234, 9999, 12_345, 100_000, 999_999, 1_234_567, 60_000_000, 2 ** 40, -1, -1234, -1_234_567];
    for (const locale of ['tr', 'en', 'ru']) {
      for (const value of numbers) expect([locale, formatCount(value, locale)]).toEqual([locale, value.toLocaleString(locale)]);
    }
  });

  it('leave what is not a whole number, or another language, to Intl', () => {
    expect(formatCount(1234.5, 'en')).toBe('1,234.5');
    expect(formatCount(1234, 'de')).toBe('1.234');
    expect(formatCount(1234, undefined)).toBe((1234).toLocaleString());
  });
});
