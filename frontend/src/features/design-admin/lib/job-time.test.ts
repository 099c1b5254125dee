import { formatJobTime } from './job-time';

describe('job time', () => {
  it('names the day, month and time, the year only for another year', () => {
    const now = new Date(2025, 10, 30);
    expect(formatJobTime(new Date(2025, 10, 25, 14, 32).toISOString(), 'en-GB', now)).toBe('25 Nov, 14:32');
    expect(formatJobTime(new Date(2025, 10, 25, 14, 32).toISOString(), 'ru', now)).toBe('25 нояб., 14:32');
    expect(formatJobTime(new Date(2024, 10, 25, 14, 32).toISOString(), 'tr', now)).toBe('25 Kas 2024 14:32');
    expect(formatJobTime('not a date', 'en', now)).toBe('not a date');
  });
});
