import { formatDateTime, serverDate } from './format';

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
