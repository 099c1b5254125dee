import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { allDesignFields, testUser, validAnswer } from '@/testing/fixtures';
import { formOf, server } from '@/testing/server';
import type { ArchiveOption, CustomerOption, DesignFields, LabelOption } from '@/types/reference';
import type { SearchPage, SearchResult } from '../types';

export const labelOptions: LabelOption[] = [
  { id: 10, label: 'Motifs', labelSef: 'motifs', groupId: 10, isGroupHeader: true, labelCount: 0 },
  { id: 11, label: 'Floral', labelSef: 'floral', groupId: 10, isGroupHeader: false, labelCount: 120 },
  { id: 12, label: 'Paisley', labelSef: 'paisley', groupId: 10, isGroupHeader: false, labelCount: 45 },
  { id: 20, label: 'Seasons', labelSef: 'seasons', groupId: 20, isGroupHeader: true, labelCount: 0 },
  { id: 21, label: 'Summer', labelSef: 'summer', groupId: 20, isGroupHeader: false, labelCount: 80 },
];

export const archiveOptions: ArchiveOption[] = [
  { archiveId: 1, archiveName: 'Main archive', code: '01' },
  { archiveId: 2, archiveName: 'Digital archive', code: '02' },
];

export const customerOptions: CustomerOption[] = [
  { customerGuid: 'cu-1', customerName: 'Acme Textiles' },
  { customerGuid: 'cu-2', customerName: 'Bosphorus Fashion' },
  // A former client the admin took out of the filter.
  { customerGuid: 'cu-3', customerName: 'Closed Mills', visible: false },
];

/** The design numbered 01-0001 + index, on its first colorway. */
export function searchResult(index: number, overrides: Partial<SearchResult> = {}): SearchResult {
  const number = `01-${String(index + 1).padStart(4, '0')}`;
  return {
    designGuid: `d-${index + 1}`,
    designName: number,
    designType: 'digital',
    activeVariantGuid: `c-${index + 1}`,
    activeVariantName: 'VR-1',
    originalVariantGuid: `c-${index + 1}`,
    originalVariantName: 'VR-1',
    labels: [],
    moldState: 'none',
    closedCountries: [],
    isConfined: false,
    pinned: false,
    colorwayCount: 2,
    colorways: [
      { colorwayGuid: `c-${index + 1}`, colorwayName: 'VR-1', color: '#c03040' },
      { colorwayGuid: `c-${index + 1}-2`, colorwayName: 'VR-2', color: '#1a237e' },
    ],
    thumbnail: `/service/design/thumbnail/d/v/d-${index + 1}/c-${index + 1}`,
    thumbnails: {},
    colorDistance: null,
    ...overrides,
  };
}

/** One page of a search with `total` results, numbered from `offset`. */
export function searchPage(page: number, pageSize: number, total: number, offset = 0): SearchPage {
  const first = page * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - first));
  return {
    results: Array.from({ length: count }, (_, index) => searchResult(offset + first + index)),
    totalCount: total,
    totalPage: Math.ceil(total / pageSize),
    currentPage: page,
    pageSize,
  };
}

export type SentSearch = { page: number; pageSize: number; form: Record<string, string>; signal: AbortSignal };

/**
 * A signed-in customer and the lookups of the search screen; every search call is recorded.
 * `answer` gives each page (default: `total` results numbered from 01-0001); `designFields` what
 * the customer may see and search (default: everything, so every filter can be tried).
 */
export function signedInCustomer({
  total = 60,
  answer,
  designFields = allDesignFields(),
}: {
  total?: number;
  answer?: (search: SentSearch) => SearchPage | Response | Promise<SearchPage | Response>;
  designFields?: DesignFields | (() => Promise<Response>);
} = {}) {
  setSession('user-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
  const searches: SentSearch[] = [];
  const labelLanguages: string[] = [];
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer())),
    http.post('*/service/get/labels', async ({ request }) => {
      labelLanguages.push((await formOf(request)).language ?? '');
      return HttpResponse.json(labelOptions);
    }),
    http.post('*/service/get/archives', () => HttpResponse.json(archiveOptions)),
    http.post('*/service/get/customers/basic', () => HttpResponse.json(customerOptions)),
    http.get('*/service/get/design-fields', () => (typeof designFields === 'function' ? designFields() : HttpResponse.json(designFields))),
    http.post('*/service/search/design/basic/:page/:pageSize', async ({ request, params }) => {
      const search: SentSearch = { page: Number(params.page), pageSize: Number(params.pageSize), form: await formOf(request), signal: request.signal };
      searches.push(search);
      const result = answer ? await answer(search) : searchPage(search.page, search.pageSize, total);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return { searches, labelLanguages };
}
