import { defaultClientSettings, getClientSettings, parseClientSettings, reloadClientSettings, updateClientSettings } from './client-settings';

describe('client settings', () => {
  it('fall back to the defaults for a missing or damaged entry', () => {
    expect(parseClientSettings(null)).toEqual(defaultClientSettings);
    expect(parseClientSettings('{oops')).toEqual(defaultClientSettings);
    expect(parseClientSettings('[1,2]')).toEqual(defaultClientSettings);
    expect(parseClientSettings(JSON.stringify({ infinityScroll: 'yes', selectedCollection: 7, extra: true }))).toEqual({
      ...defaultClientSettings,
      selectedCollection: '7',
    });
  });

  it('are kept in localStorage under desen.client', () => {
    reloadClientSettings();
    updateClientSettings({ infinityScroll: false, isRememberFavoriteSelection: true });
    expect(JSON.parse(window.localStorage.getItem('desen.client') ?? '{}')).toEqual({
      ...defaultClientSettings,
      infinityScroll: false,
      isRememberFavoriteSelection: true,
    });
    window.localStorage.setItem('desen.client', JSON.stringify({ combineLabelSearch: false }));
    reloadClientSettings();
    expect(getClientSettings()).toEqual({ ...defaultClientSettings, combineLabelSearch: false });
  });
});
