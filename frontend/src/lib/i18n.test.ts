import type * as Deferred from './deferred';
import type * as I18n from './i18n';

// Each test takes fresh modules: i18next is a singleton the test setup initialises with every language.
type Modules = { i18n: typeof I18n; deferred: typeof Deferred };

function freshModules(): Modules {
  let modules: Modules | undefined;
  jest.isolateModules(() => {
    modules = { i18n: jest.requireActual('./i18n'), deferred: jest.requireActual('./deferred') };
  });
  return modules!;
}

describe('the interface language in parts', () => {
  it('renders the archive’s first paint with its own words only, the others asked for at once', async () => {
    const { i18n } = freshModules();
    const instance = await i18n.startI18n('tr');
    expect(instance.hasResourceBundle('tr', 'common')).toBe(true);
    expect(instance.hasResourceBundle('tr', 'archive')).toBe(true);
    expect(instance.hasResourceBundle('tr', 'design')).toBe(false);
    expect(instance.hasResourceBundle('tr', 'admin')).toBe(false);
    expect(Object.keys(instance.getDataByLanguage('en') ?? {})).toEqual([]);
    // The shared part (every failure, the search controls…) was asked for with the first one.
    await i18n.loadTranslations('shared');
    expect(instance.hasResourceBundle('tr', 'errors')).toBe(true);
    expect(instance.hasResourceBundle('tr', 'search')).toBe(true);
  });

  it('gives a route its own part and the shared one', async () => {
    const { i18n } = freshModules();
    const instance = i18n.initI18n('ru', { ru: {} });
    await i18n.loadTranslations('design');
    expect(instance.hasResourceBundle('ru', 'design')).toBe(true);
    expect(instance.hasResourceBundle('ru', 'favorites')).toBe(true);
    expect(instance.hasResourceBundle('ru', 'common')).toBe(false);
  });

  it('shows a deferred part only with the shared words, so it never shows a key', async () => {
    const { i18n, deferred } = freshModules();
    const instance = i18n.initI18n('en', { en: {} });
    const part = deferred.deferred(async () => ({ loaded: true }));
    await part.load();
    expect(part.current()).toEqual({ loaded: true });
    expect(instance.hasResourceBundle('en', 'errors')).toBe(true);
    expect(instance.t('search:filters.number')).toBe('Design number');
  });
});
