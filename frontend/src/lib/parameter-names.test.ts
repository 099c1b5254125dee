import { parameterName } from './parameter-names';

describe('parameterName', () => {
  const names = [
    { tr: 'Kumaş', en: 'Fabric', ru: 'Ткань' },
    { tr: ' ', en: 'Width', ru: '' },
  ];

  it('names a parameter in the interface language, else in English', () => {
    expect(parameterName(names, 0, 'tr')).toBe('Kumaş');
    expect(parameterName(names, 0, 'ru')).toBe('Ткань');
    expect(parameterName(names, 1, 'tr')).toBe('Width');
    expect(parameterName(names, 0, 'de')).toBe('Fabric');
  });

  it('has no name for a parameter the configuration does not name', () => {
    expect(parameterName(names, 5, 'en')).toBeNull();
    expect(parameterName([], 0, 'en')).toBeNull();
  });
});
