import type { DesignFields } from '@/types/reference';
import type { DesignType, ScreenStatus } from '../types';

/**
 * The archive search filters: one pure model, written to and read from the URL (so a search is
 * shareable and the back button works) and turned into the form of POST /search/design/basic.
 */

export const screenStatuses: readonly ScreenStatus[] = ['engraved', 'not_engraved', 'faded', 'none'];
export const designTypes: readonly DesignType[] = ['rotary', 'digital'];
export const confinedStates = ['open', 'closed'] as const;
export type Confined = (typeof confinedStates)[number];
export const labelModes = ['all', 'any'] as const;
export type LabelMode = (typeof labelModes)[number];
export const dateFields = ['upload', 'edit'] as const;
export type DateField = (typeof dateFields)[number];

/** Date range presets (spec section 9): 0 all times … 11 last 365 days. */
export const dateRangePresets = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];
/** 0 upload date, 1 modify date (newest first), 2 design number ascending. */
export const sortOrders = [0, 1, 2] as const;
export type SortOrder = (typeof sortOrders)[number];
/** Screen (channel) counts offered as exact values. */
export const channelCountOptions = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export const DEFAULT_COLOR_DISTANCE = 10;
export const MIN_COLOR_DISTANCE = 1;
export const MAX_COLOR_DISTANCE = 40;
/** The archive search's page size (the general settings may set another, from 10 to 100). */
export const DEFAULT_PAGE_SIZE = 25;
export const MIN_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Spec section 9: the default archive id means every archive. */
export const ALL_ARCHIVES = -1;

export type SearchFilters = {
  number: string;
  labels: number[];
  labelMode: LabelMode;
  /** "#rrggbb" (lower case) or "". */
  color: string;
  colorDistance: number;
  moldState: ScreenStatus | '';
  channelCounts: number[];
  designType: DesignType | '';
  customer: string;
  dateRange: DateRangePreset;
  /** YYYY-MM-DD or "": a custom range replaces the preset. */
  dateFrom: string;
  dateTo: string;
  dateField: DateField;
  archive: number;
  confined: Confined | '';
  order: SortOrder;
  studio: string;
  originalName: string;
  note: string;
  /** A special list's id (GET /get/special-lists: the seeded rule lists and those admins made); 0 = no list. */
  specialList: number;
  /** A collection's or sub-collection's id (POST /collections/all): its grouped and tagged designs; 0 = any design. */
  collection: number;
  dp0: string;
  dp1: string;
  owned: boolean;
  /**
   * Rank by likeness (search by picture): `p:<id>` a picture kept in this browser (lib/picture-store),
   * `c:<colorwayGuid>` a colorway of the archive ("similar colorways"), or "".
   */
  similar: string;
};

/**
 * What a search is where the URL does not say: the user's label mode (client settings), and the
 * archive and order the studio opens the archive search with (the general settings).
 */
export type SearchDefaults = { labelMode: LabelMode; archive: number; order: SortOrder };

const builtInDefaults: SearchDefaults = { labelMode: 'all', archive: ALL_ARCHIVES, order: 0 };

function withDefaults(defaults: Partial<SearchDefaults>): SearchDefaults {
  return { ...builtInDefaults, ...defaults };
}

/** The studio's default archive and order (GET /get/configuration) as search defaults; anything out of range is left out. */
export function configuredDefaults(defaultArchiveId: number, defaultOrder: number): Pick<SearchDefaults, 'archive' | 'order'> {
  return {
    archive: Number.isSafeInteger(defaultArchiveId) && defaultArchiveId > 0 ? defaultArchiveId : ALL_ARCHIVES,
    order: oneOf(sortOrders, defaultOrder) ?? builtInDefaults.order,
  };
}

/**
 * The defaults of the archive's searches: the user's label mode (client settings) and the studio's
 * default archive and order (GET /get/configuration). The screen and the first search asked for
 * before it renders (api/prefetch-first-search.ts) take them from here, so both name one search.
 */
export function searchDefaults(combineLabelSearch: boolean, defaultArchiveId: number, defaultOrder: number): SearchDefaults {
  return { labelMode: combineLabelSearch ? 'all' : 'any', ...configuredDefaults(defaultArchiveId, defaultOrder) };
}

/** The designs a page holds: the configured size when it is one the search takes, else the default. */
export function validPageSize(size: number): number {
  return Number.isInteger(size) && size >= MIN_PAGE_SIZE && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE;
}

/** A search limited by nothing: every filter empty, the label mode, archive and order the defaults'. */
export function emptyFilters(defaults: Partial<SearchDefaults> = {}): SearchFilters {
  const { labelMode, archive, order } = withDefaults(defaults);
  return {
    number: '',
    labels: [],
    labelMode,
    color: '',
    colorDistance: DEFAULT_COLOR_DISTANCE,
    moldState: '',
    channelCounts: [],
    designType: '',
    customer: '',
    dateRange: 0,
    dateFrom: '',
    dateTo: '',
    dateField: 'upload',
    archive,
    confined: '',
    order,
    studio: '',
    originalName: '',
    note: '',
    specialList: 0,
    collection: 0,
    dp0: '',
    dp1: '',
    owned: false,
    similar: '',
  };
}

/** The URL parameter of each filter. */
const param = {
  number: 'number',
  labels: 'labels',
  labelMode: 'labelMode',
  color: 'color',
  colorDistance: 'distance',
  moldState: 'status',
  channelCounts: 'screens',
  designType: 'type',
  customer: 'customer',
  dateRange: 'date',
  dateFrom: 'from',
  dateTo: 'to',
  dateField: 'dateField',
  archive: 'archive',
  confined: 'confined',
  order: 'sort',
  studio: 'studio',
  originalName: 'original',
  note: 'note',
  specialList: 'list',
  collection: 'collection',
  dp0: 'dp0',
  dp1: 'dp1',
  owned: 'owned',
  similar: 'similar',
} as const satisfies Record<keyof SearchFilters, string>;

export const PAGE_PARAM = 'page';

function oneOf<T extends string | number>(values: readonly T[], value: unknown): T | undefined {
  return (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

function integer(text: string | null): number | undefined {
  if (text === null || !/^-?\d+$/.test(text.trim())) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Distinct positive integers of a comma separated list, ascending; anything else is dropped. */
function integerList(text: string | null): number[] {
  if (!text) return [];
  const values = text
    .split(',')
    .map((part) => integer(part))
    .filter((value): value is number => value !== undefined && value > 0);
  return [...new Set(values)].sort((a, b) => a - b);
}

/** "#rrggbb" from "#RRGGBB", "rrggbb", "#rgb" or "rgb"; null for anything else. */
export function normaliseHex(input: string): string | null {
  const text = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(text)) return `#${text}`;
  if (/^[0-9a-f]{3}$/.test(text)) return `#${[...text].map((c) => c + c).join('')}`;
  return null;
}

export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export function clampDistance(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_COLOR_DISTANCE;
  return Math.min(MAX_COLOR_DISTANCE, Math.max(MIN_COLOR_DISTANCE, Math.round(value)));
}

/**
 * The filters a URL holds. Unknown or malformed values are ignored (a hand-edited or old link
 * still opens); the label mode, archive and order come from `defaults` when the URL does not say
 * (`archive=-1` says every archive, where the default is one of them).
 */
export function parseFilters(params: URLSearchParams, defaults: Partial<SearchDefaults> = {}): SearchFilters {
  const empty = emptyFilters(defaults);
  const text = (key: keyof SearchFilters) => (params.get(param[key]) ?? '').trim();
  const distance = integer(params.get(param.colorDistance));
  const dateRange = integer(params.get(param.dateRange));
  const archive = integer(params.get(param.archive));
  const order = integer(params.get(param.order));
  const specialList = integer(params.get(param.specialList));
  const collection = integer(params.get(param.collection));
  const dateFrom = text('dateFrom');
  const dateTo = text('dateTo');
  return {
    number: text('number'),
    labels: integerList(params.get(param.labels)),
    labelMode: oneOf(labelModes, text('labelMode')) ?? empty.labelMode,
    color: normaliseHex(text('color')) ?? '',
    colorDistance: distance === undefined ? DEFAULT_COLOR_DISTANCE : clampDistance(distance),
    moldState: oneOf(screenStatuses, text('moldState')) ?? '',
    channelCounts: integerList(params.get(param.channelCounts)),
    designType: oneOf(designTypes, text('designType')) ?? '',
    customer: text('customer'),
    dateRange: oneOf(dateRangePresets, dateRange) ?? 0,
    dateFrom: isIsoDate(dateFrom) ? dateFrom : '',
    dateTo: isIsoDate(dateTo) ? dateTo : '',
    dateField: oneOf(dateFields, text('dateField')) ?? 'upload',
    archive: archive !== undefined && (archive > 0 || archive === ALL_ARCHIVES) ? archive : empty.archive,
    confined: oneOf(confinedStates, text('confined')) ?? '',
    order: oneOf(sortOrders, order) ?? empty.order,
    studio: text('studio'),
    originalName: text('originalName'),
    note: text('note'),
    specialList: specialList !== undefined && specialList > 0 ? specialList : 0,
    collection: collection !== undefined && collection > 0 ? collection : 0,
    dp0: text('dp0'),
    dp1: text('dp1'),
    owned: text('owned') === '1' || text('owned') === 'true',
    similar: /^[pc]:[\w-]{1,80}$/.test(text('similar')) ? text('similar') : '',
  };
}

/** The 1-based page of the URL (paged mode), as a 0-based page. */
export function parsePage(params: URLSearchParams): number {
  const page = integer(params.get(PAGE_PARAM));
  return page !== undefined && page > 1 ? page - 1 : 0;
}

/**
 * The URL parameters of the filters: only what differs from an empty search (with the same
 * `defaults`), in a fixed order, so one search has one URL. `page` (0-based) is written 1-based
 * when past the first page.
 */
export function filtersToParams(filters: SearchFilters, page = 0, defaults: Partial<SearchDefaults> = {}): URLSearchParams {
  const params = new URLSearchParams();
  const empty = emptyFilters(defaults);
  const set = (key: keyof SearchFilters, value: string) => {
    if (value !== '') params.set(param[key], value);
  };
  set('number', filters.number.trim());
  set('labels', filters.labels.join(','));
  if (filters.labels.length > 0) set('labelMode', filters.labelMode);
  set('color', filters.color.replace(/^#/, ''));
  if (filters.color && filters.colorDistance !== DEFAULT_COLOR_DISTANCE) set('colorDistance', String(filters.colorDistance));
  set('moldState', filters.moldState);
  set('channelCounts', filters.channelCounts.join(','));
  set('designType', filters.designType);
  set('customer', filters.customer.trim());
  if (filters.dateRange !== empty.dateRange) set('dateRange', String(filters.dateRange));
  set('dateFrom', filters.dateFrom);
  set('dateTo', filters.dateTo);
  if (filters.dateField !== empty.dateField) set('dateField', filters.dateField);
  if (filters.archive !== empty.archive) set('archive', String(filters.archive));
  set('confined', filters.confined);
  if (filters.order !== empty.order) set('order', String(filters.order));
  set('studio', filters.studio.trim());
  set('originalName', filters.originalName.trim());
  set('note', filters.note.trim());
  if (filters.specialList !== 0) set('specialList', String(filters.specialList));
  if (filters.collection !== 0) set('collection', String(filters.collection));
  set('dp0', filters.dp0.trim());
  set('dp1', filters.dp1.trim());
  if (filters.owned) params.set(param.owned, '1');
  set('similar', filters.similar);
  if (page > 0) params.set(PAGE_PARAM, String(page + 1));
  return params;
}

export type SearchForm = Record<string, string>;

/**
 * The form of POST /search/design/basic/{page}/{pageSize}: only the fields that are set. A custom
 * date range replaces the preset; the distance goes with a colour, the mode with labels.
 */
export function searchForm(filters: SearchFilters): SearchForm {
  const form: SearchForm = {};
  const set = (key: string, value: string) => {
    if (value !== '') form[key] = value;
  };
  set('number', filters.number.trim());
  if (filters.color) {
    set('color', filters.color.toUpperCase());
    set('colorDistance', String(filters.colorDistance));
  }
  set('moldstate', filters.moldState);
  set('channelcounts', filters.channelCounts.join(','));
  set('type', filters.designType);
  if (filters.labels.length > 0) {
    set('labels', filters.labels.join(','));
    set('labelSearchMode', filters.labelMode);
  }
  const customDates = Boolean(filters.dateFrom || filters.dateTo);
  if (customDates) {
    set('dateFrom', filters.dateFrom);
    set('dateTo', filters.dateTo);
  } else if (filters.dateRange !== 0) {
    set('dateRange', String(filters.dateRange));
  }
  if (customDates || filters.dateRange !== 0) set('dateField', filters.dateField);
  if (filters.archive !== ALL_ARCHIVES) set('archive', String(filters.archive));
  set('confined', filters.confined);
  set('order', String(filters.order));
  set('studio', filters.studio.trim());
  set('originalname', filters.originalName.trim());
  set('note', filters.note.trim());
  if (filters.specialList !== 0) set('specialListId', String(filters.specialList));
  if (filters.collection !== 0) set('collectionId', String(filters.collection));
  set('customer', filters.customer.trim());
  set('dp0', filters.dp0.trim());
  set('dp1', filters.dp1.trim());
  if (filters.owned) set('owned', 'true');
  // A colorway goes as the search's `similarId`; a picture by its id, which the search call
  // swaps for the picture itself (api/search-designs.ts).
  if (filters.similar.startsWith('c:')) set('similarId', filters.similar.slice(2));
  if (filters.similar.startsWith('p:')) set(PICTURE_FIELD, filters.similar.slice(2));
  return form;
}

/** The form field naming a kept picture (never sent: the picture is). */
export const PICTURE_FIELD = 'similarPicture';

/** The filters a user can remove one by one (chips) and that "clear filters" resets; the sort is not one. */
export const filterKeys = [
  'number',
  'labels',
  'color',
  'moldState',
  'channelCounts',
  'designType',
  'customer',
  'date',
  'archive',
  'confined',
  'studio',
  'originalName',
  'note',
  'specialList',
  'collection',
  'dp0',
  'dp1',
  'owned',
  'similar',
] as const;
export type FilterKey = (typeof filterKeys)[number];

/** Whether `key` limits the search more or otherwise than the defaults do (the default archive is no filter of its own). */
export function isFilterActive(filters: SearchFilters, key: FilterKey, defaults: Partial<SearchDefaults> = {}): boolean {
  switch (key) {
    case 'labels':
    case 'channelCounts':
      return filters[key].length > 0;
    case 'date':
      return filters.dateRange !== 0 || Boolean(filters.dateFrom || filters.dateTo);
    case 'archive':
      return filters.archive !== withDefaults(defaults).archive;
    case 'specialList':
    case 'collection':
      return filters[key] !== 0;
    case 'owned':
      return filters.owned;
    default:
      return filters[key].trim() !== '';
  }
}

export function activeFilterKeys(filters: SearchFilters, defaults: Partial<SearchDefaults> = {}): FilterKey[] {
  return filterKeys.filter((key) => isFilterActive(filters, key, defaults));
}

/** The filters without `key` (back to its empty value, the default archive for the archive). */
export function withoutFilter(filters: SearchFilters, key: FilterKey, defaults: Partial<SearchDefaults> = {}): SearchFilters {
  const empty = emptyFilters({ ...defaults, labelMode: filters.labelMode });
  switch (key) {
    case 'color':
      return { ...filters, color: '', colorDistance: empty.colorDistance };
    case 'date':
      return { ...filters, dateRange: 0, dateFrom: '', dateTo: '', dateField: empty.dateField };
    default:
      return { ...filters, [key]: empty[key] };
  }
}

/** Every filter cleared (the archive back to the default one); the sort and the label mode stay. */
export function clearedFilters(filters: SearchFilters, defaults: Partial<SearchDefaults> = {}): SearchFilters {
  return { ...emptyFilters({ ...defaults, labelMode: filters.labelMode }), order: filters.order };
}

/** The filters on fields the studio may hide from customers: the server refuses them (403 search_field_hidden) when hidden. */
export const restrictedFilters = ['studio', 'originalName', 'note', 'dp0', 'dp1'] as const satisfies readonly FilterKey[];
export type RestrictedFilter = (typeof restrictedFilters)[number];

export function isRestrictedFilter(key: FilterKey): key is RestrictedFilter {
  return (restrictedFilters as readonly string[]).includes(key);
}

function searchable(fields: DesignFields, key: RestrictedFilter): boolean {
  switch (key) {
    case 'studio':
      return fields.studio;
    case 'originalName':
      return fields.originalName;
    case 'note':
      return fields.notes;
    case 'dp0':
      return fields.dynamicParameters[0] === true;
    case 'dp1':
      return fields.dynamicParameters[1] === true;
  }
}

/**
 * The restricted filters the viewer may not search (GET /get/design-fields). When the field list
 * could not be read, all of them: a filter offered in vain is worse than one missing.
 */
export function hiddenFilters(fields: DesignFields | undefined): RestrictedFilter[] {
  return restrictedFilters.filter((key) => !fields || !searchable(fields, key));
}

/** The filters without the hidden ones: a shared link naming one still opens, without it. */
export function withoutHidden(filters: SearchFilters, hidden: readonly RestrictedFilter[]): SearchFilters {
  return hidden.reduce((result, key) => (isFilterActive(result, key) ? withoutFilter(result, key) : result), filters);
}
