import { formatPeriod, formatPeriodLong } from './period';

describe('chart periods', () => {
  it('writes days and months in the locale, without a time zone shift', () => {
    expect(formatPeriod('2026-11-20', 'day', 'en')).toBe('Nov 20');
    expect(formatPeriod('2026-11-01', 'day', 'tr')).toBe('1 Kas');
    expect(formatPeriod('2026-11', 'month', 'en')).toBe('Nov 2026');
    expect(formatPeriod('2026-01', 'month', 'ru')).toBe('янв. 2026 г.');
    expect(formatPeriodLong('2026-11-20', 'day', 'en')).toBe('November 20, 2026');
    expect(formatPeriodLong('2026-11', 'month', 'tr')).toBe('Kasım 2026');
  });

  it('keeps a period it cannot read as it came', () => {
    expect(formatPeriod('week 47', 'day', 'en')).toBe('week 47');
    expect(formatPeriodLong('2026-13', 'month', 'en')).toBe('2026-13');
  });
});
