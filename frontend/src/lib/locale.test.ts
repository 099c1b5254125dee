import { detectLocale } from './locale';

describe('detectLocale', () => {
  it('prefers the locale stored in localStorage', () => {
    expect(detectLocale('ru', ['tr-TR', 'en-US'])).toBe('ru');
  });

  it('then takes the first supported browser language', () => {
    expect(detectLocale(null, ['de-DE', 'tr-TR', 'ru'])).toBe('tr');
    expect(detectLocale(null, ['ru_RU'])).toBe('ru');
  });

  it('ignores an unsupported stored value', () => {
    expect(detectLocale('xx', ['tr'])).toBe('tr');
  });

  it('falls back to English', () => {
    expect(detectLocale(null, ['de-DE', 'fr'])).toBe('en');
    expect(detectLocale(null, [])).toBe('en');
  });

  it('reads desen.locale by default', () => {
    window.localStorage.setItem('desen.locale', 'tr');
    expect(detectLocale()).toBe('tr');
  });
});
