import { rememberLocale } from './locale';
import { imposedLocale } from './imposed-language';

describe('imposedLocale', () => {
  // A choice kept in this browser, from before the selection was switched off.
  beforeEach(() => rememberLocale('ru'));

  it('imposes nothing while users may choose (or before the configuration is read)', () => {
    expect(imposedLocale(true, 'tr')).toBeNull();
    expect(imposedLocale(undefined, 'tr')).toBeNull();
  });

  it('without language selection: the account language, else the browser language, never a choice kept in this browser', () => {
    expect(imposedLocale(false, 'tr')).toBe('tr');
    expect(imposedLocale(false, 'RU')).toBe('ru');
    // jsdom's browser language is en-US.
    expect(imposedLocale(false, null)).toBe('en');
    expect(imposedLocale(false, 'de')).toBe('en');
  });
});
