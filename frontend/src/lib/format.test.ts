import { formatDateTime, serverDate } from './format';

describe('server dates', () => {
  it('reads a zone-less date-time as UTC, and leaves others as they are', () => {
    expect(serverDate('2026-11-25T10:00:00').getTime()).toBe(Date.UTC(2026, 10, 25, 10, 0, 0));
    expect(serverDate('2026-11-25T10:00:00.123456').getTime()).toBe(Date.UTC(2026, 10, 25, 10, 0, 0, 123));
    expect(serverDate('2026-11-25T10:00:00+03:00').getTime()).toBe(Date.UTC(2026, 10, 25, 7, 0, 0));
    expect(serverDate('2026-11-25').getTime()).toBe(Date.UTC(2026, 10, 25));
  });

  it('shows a server time in the user’s time zone', () => {
    const shown = formatDateTime('2026-11-25T10:00:00', 'en-GB', { timeStyle: 'short', timeZone: 'Europe/Istanbul' });
    expect(shown).toBe('13:00');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
