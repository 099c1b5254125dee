import { emptyFilters, filtersForm, isRangeReversed, parseFilters, withFilters } from './filters';
import { joinSort, splitSort } from './sort';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('statistics filters', () => {
  it('reads the filters a URL holds, ignoring what is malformed', () => {
    expect(parse('')).toEqual(emptyFilters);
    expect(parse('company=c-1&user=u-1&userName=Ay%C5%9Fe&range=9')).toEqual({ companyGuid: 'c-1', userGuid: 'u-1', userName: 'Ayşe', range: 9, from: '', to: '' });
    expect(parse('range=12')).toEqual(emptyFilters);
    expect(parse('range=0')).toEqual(emptyFilters);
    expect(parse('range=custom&from=2026-02-30&to=2026-03-01')).toEqual({ ...emptyFilters, range: 'custom', to: '2026-03-01' });
    // Dates alone are a custom range; dates beside a preset are not read.
    expect(parse('from=2026-01-01')).toEqual({ ...emptyFilters, range: 'custom', from: '2026-01-01' });
    expect(parse('range=3&from=2026-01-01')).toEqual({ ...emptyFilters, range: 3 });
    expect(parse('userName=Nobody')).toEqual(emptyFilters);
  });

  it('writes them back beside the tab, leaving unset ones out', () => {
    const params = withFilters(new URLSearchParams('tab=cad&range=4'), { ...emptyFilters, companyGuid: 'c-1', range: 'custom', from: '2026-01-01', to: '' });
    expect(params.toString()).toBe('tab=cad&range=custom&company=c-1&from=2026-01-01');
    expect(withFilters(params, emptyFilters).toString()).toBe('tab=cad');
  });

  it('sends a preset as dateRange, a custom range as from/to, all times as neither', () => {
    expect(filtersForm(emptyFilters)).toEqual({});
    expect(filtersForm({ ...emptyFilters, companyGuid: 'c-1', userGuid: 'u-1', range: 11 })).toEqual({ companyGuid: 'c-1', userGuid: 'u-1', dateRange: 11 });
    expect(filtersForm({ ...emptyFilters, range: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(isRangeReversed({ ...emptyFilters, range: 'custom', from: '2026-02-01', to: '2026-01-31' })).toBe(true);
    expect(isRangeReversed({ ...emptyFilters, range: 'custom', from: '2026-01-31', to: '2026-01-31' })).toBe(false);
  });

  it('maps the grid order to the form sort and back', () => {
    expect(joinSort('user', 'asc')).toBe('user.asc');
    expect(joinSort('company', 'desc')).toBe('company.desc');
    expect(joinSort('label', 'asc')).toBe('at.desc');
    expect(joinSort('at', null)).toBe('at.desc');
    expect(joinSort(undefined, undefined)).toBe('at.desc');
    expect(splitSort('company.asc')).toEqual({ field: 'company', direction: 'asc' });
  });
});
