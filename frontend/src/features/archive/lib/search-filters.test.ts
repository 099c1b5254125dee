import {
  activeFilterKeys,
  clearedFilters,
  configuredDefaults,
  emptyFilters,
  filtersToParams,
  hiddenFilters,
  normaliseHex,
  parseFilters,
  parsePage,
  searchForm,
  validPageSize,
  withoutFilter,
  withoutHidden,
  type SearchFilters,
} from './search-filters';
import { allDesignFields, defaultCustomerFields } from '@/testing/fixtures';

const everything: SearchFilters = {
  number: '01-05',
  labels: [11, 12],
  labelMode: 'any',
  color: '#c03040',
  colorDistance: 18,
  moldState: 'engraved',
  channelCounts: [2, 3],
  designType: 'rotary',
  customer: 'cu-1',
  dateRange: 0,
  dateFrom: '2025-01-01',
  dateTo: '2025-03-31',
  dateField: 'edit',
  archive: 2,
  confined: 'closed',
  order: 2,
  studio: 'Studio A',
  originalName: 'rose',
  note: 'silk',
  specialList: 3,
  collection: 5,
  dp0: 'summer',
  dp1: 'A&B',
  owned: true,
  similar: 'c:cw-7',
};

describe('search filters in the URL', () => {
  it('an empty search has an empty query string', () => {
    expect(filtersToParams(emptyFilters()).toString()).toBe('');
    expect(parseFilters(new URLSearchParams())).toEqual(emptyFilters());
  });

  it('round-trip every filter through the query string', () => {
    const query = filtersToParams(everything, 2).toString();
    expect(query).toBe(
      'number=01-05&labels=11%2C12&labelMode=any&color=c03040&distance=18&status=engraved&screens=2%2C3&type=rotary&customer=cu-1' +
        '&from=2025-01-01&to=2025-03-31&dateField=edit&archive=2&confined=closed&sort=2&studio=Studio+A&original=rose&note=silk' +
        '&list=3&collection=5&dp0=summer&dp1=A%26B&owned=1&similar=c%3Acw-7&page=3',
    );
    const params = new URLSearchParams(query);
    expect(parseFilters(params)).toEqual(everything);
    expect(parsePage(params)).toBe(2);
  });

  it('round-trip a preset date range and the default label mode of the user', () => {
    const filters: SearchFilters = { ...emptyFilters({ labelMode: 'any' }), dateRange: 9, number: 'VR' };
    expect(filtersToParams(filters).toString()).toBe('number=VR&date=9');
    expect(parseFilters(filtersToParams(filters), { labelMode: 'any' })).toEqual(filters);
  });

  it('take the studio default archive and order where the URL does not say, and write what differs from them', () => {
    const defaults = { archive: 2, order: 1 as const };
    expect(parseFilters(new URLSearchParams(), defaults)).toEqual({ ...emptyFilters(), archive: 2, order: 1 });
    expect(filtersToParams(emptyFilters(defaults), 0, defaults).toString()).toBe('');
    // The URL wins: another archive, every archive (-1), another order.
    expect(parseFilters(new URLSearchParams('archive=1&sort=0'), defaults)).toMatchObject({ archive: 1, order: 0 });
    expect(parseFilters(new URLSearchParams('archive=-1'), defaults)).toMatchObject({ archive: -1, order: 1 });
    const everyArchive = { ...emptyFilters(defaults), archive: -1, order: 0 as const };
    expect(filtersToParams(everyArchive, 0, defaults).toString()).toBe('archive=-1&sort=0');
    expect(parseFilters(filtersToParams(everyArchive, 0, defaults), defaults)).toEqual(everyArchive);
    // The default archive is no filter of its own; every archive is one, and clearing goes back to the default.
    expect(activeFilterKeys(emptyFilters(defaults), defaults)).toEqual([]);
    expect(activeFilterKeys(everyArchive, defaults)).toEqual(['archive']);
    expect(withoutFilter(everyArchive, 'archive', defaults).archive).toBe(2);
    expect(clearedFilters(everyArchive, defaults)).toEqual({ ...emptyFilters(defaults), order: 0 });
    expect(searchForm(everyArchive)).toEqual({ order: '0' });
  });

  it('read the configured defaults leniently', () => {
    expect(configuredDefaults(-1, 0)).toEqual({ archive: -1, order: 0 });
    expect(configuredDefaults(7, 2)).toEqual({ archive: 7, order: 2 });
    expect(configuredDefaults(0, 5)).toEqual({ archive: -1, order: 0 });
    expect(validPageSize(50)).toBe(50);
    expect(validPageSize(5)).toBe(25);
    expect(validPageSize(101)).toBe(25);
  });

  it('ignore malformed values of a hand-edited link', () => {
    const params = new URLSearchParams(
      'color=zzz&distance=99&status=shiny&screens=2,x,-1,2,10&type=vinyl&date=12&from=2025-02-30&to=yesterday&archive=abc&confined=maybe&sort=5&list=x&collection=-2&labelMode=some&owned=no&page=-4',
    );
    expect(parseFilters(params)).toEqual({ ...emptyFilters(), channelCounts: [2, 10], colorDistance: 40 });
    expect(parsePage(params)).toBe(0);
  });

  it('keep any list or collection id: admins make lists past the seeded ones, and the server refuses unknown ids', () => {
    expect(parseFilters(new URLSearchParams('list=9&collection=12'))).toEqual({ ...emptyFilters(), specialList: 9, collection: 12 });
  });

  it('read short colours and upper case', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    expect(normaliseHex('C03040')).toBe('#c03040');
    expect(normaliseHex('red')).toBeNull();
    expect(parseFilters(new URLSearchParams('color=%23FFF')).color).toBe('#ffffff');
  });
});

describe('search form', () => {
  it('sends only what is set, with the server field names', () => {
    expect(searchForm(emptyFilters())).toEqual({ order: '0' });
    expect(searchForm(everything)).toEqual({
      number: '01-05',
      color: '#C03040',
      colorDistance: '18',
      moldstate: 'engraved',
      channelcounts: '2,3',
      type: 'rotary',
      labels: '11,12',
      labelSearchMode: 'any',
      dateFrom: '2025-01-01',
      dateTo: '2025-03-31',
      dateField: 'edit',
      archive: '2',
      confined: 'closed',
      order: '2',
      studio: 'Studio A',
      originalname: 'rose',
      note: 'silk',
      specialListId: '3',
      collectionId: '5',
      customer: 'cu-1',
      dp0: 'summer',
      dp1: 'A&B',
      owned: 'true',
      similarId: 'cw-7',
    });
  });

  it('sends a preset date range only without custom dates', () => {
    expect(searchForm({ ...emptyFilters(), dateRange: 4 })).toEqual({ dateRange: '4', dateField: 'upload', order: '0' });
    expect(searchForm({ ...emptyFilters(), dateRange: 4, dateFrom: '2025-01-01' })).toEqual({ dateFrom: '2025-01-01', dateField: 'upload', order: '0' });
  });

  it('sends a colorway as similarId and names a kept picture for the search call to send', () => {
    expect(searchForm({ ...emptyFilters(), similar: 'c:cw-1' })).toEqual({ order: '0', similarId: 'cw-1' });
    expect(searchForm({ ...emptyFilters(), similar: 'p:ab12' })).toEqual({ order: '0', similarPicture: 'ab12' });
    expect(parseFilters(new URLSearchParams('similar=x:1')).similar).toBe('');
    expect(parseFilters(new URLSearchParams('similar=p:../etc')).similar).toBe('');
  });
});

describe('active filters', () => {
  it('lists, removes and clears filters but keeps the sort and label mode', () => {
    expect(activeFilterKeys(emptyFilters())).toEqual([]);
    expect(activeFilterKeys(everything)).toHaveLength(19);
    expect(withoutFilter(everything, 'color')).toMatchObject({ color: '', colorDistance: 10 });
    expect(withoutFilter(everything, 'date')).toMatchObject({ dateRange: 0, dateFrom: '', dateTo: '', dateField: 'upload' });
    expect(activeFilterKeys(withoutFilter(everything, 'labels'))).not.toContain('labels');
    expect(clearedFilters(everything)).toEqual({ ...emptyFilters({ labelMode: 'any' }), order: 2 });
  });

  it('drop the filters on fields hidden from the viewer, all of them when the field list is unknown', () => {
    expect(hiddenFilters(allDesignFields())).toEqual([]);
    expect(hiddenFilters(defaultCustomerFields())).toEqual(['originalName', 'note']);
    const noSecondParameter = { ...allDesignFields(), dynamicParameters: allDesignFields().dynamicParameters.map((_, index) => index !== 1) };
    expect(hiddenFilters(noSecondParameter)).toEqual(['dp1']);
    expect(hiddenFilters(undefined)).toEqual(['studio', 'originalName', 'note', 'dp0', 'dp1']);

    const sent = searchForm(withoutHidden(everything, hiddenFilters(defaultCustomerFields())));
    expect(sent).not.toHaveProperty('note');
    expect(sent).not.toHaveProperty('originalname');
    expect(sent).toMatchObject({ studio: everything.studio, dp0: everything.dp0 });
  });
});
