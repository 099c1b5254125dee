import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { nextFactorCode, rememberFactor } from './app';

/**
 * The server's API, called straight from a journey: to set up what the journey needs (a pool) and
 * to know what the archive holds (the answer a screen must show), with a session's Access-Token.
 */
export type Api = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, form?: Record<string, string | number>): Promise<T>;
  postJson<T>(path: string, body: unknown): Promise<T>;
  putJson<T>(path: string, body: unknown): Promise<T>;
  /** A form sent with PUT (a design edit). */
  put<T>(path: string, form?: Record<string, string | number>): Promise<T>;
  /** A multipart form (files as `{ name, mimeType, buffer }`) sent with `method`. */
  multipart<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, fields: Record<string, string | number | MultipartFile>): Promise<T>;
};

export type MultipartFile = { name: string; mimeType: string; buffer: Buffer };

export type SearchResult = {
  designGuid: string;
  designName: string;
  activeVariantGuid: string | null;
  colorwayCount: number;
  thumbnail: string | null;
  colorDistance: number | null;
  /** 0 to 100 with a colour search: what the results are ordered by. */
  colorMatch?: number | null;
  colorways: { colorwayGuid: string; colorwayName: string; color: string | null }[];
  labels: { id: number; label: string }[];
};
/** A result as staff see it (confined designs included). */
export type StaffResult = SearchResult & { isConfined: boolean };
export type SearchPage = { results: SearchResult[]; totalCount: number; totalPage: number };
export type PaletteColor = { rgb: string; l: number; a: number; b: number; share: number };
export type DesignOrder = { customer: string | null; amount: number; unit: string; orderType: string; orderedAt: string };
export type DesignHeader = {
  guid: string;
  designName: string;
  isConfined: boolean;
  customer: { customerGuid: string; customerName: string } | null;
  labels: { id: number; label: string; isGroupHeader: boolean }[];
  colorways: { colorwayGuid: string; colorwayName: string; palette: PaletteColor[]; images: { preview: string; thumbnails: Record<string, string> } }[];
  /** Absent (not blank) when hidden from the viewer. */
  notes?: string;
  originalName?: string;
  designStudio?: string;
  closedCountries?: string[];
  dynamicParameters: Record<string, string>;
  /** Every company's orders for staff ("all"), the viewer's own company's for a customer ("own"). */
  orders: DesignOrder[];
  ordersScope: 'all' | 'own';
};
export type LabelOption = { id: number; label: string; isGroupHeader: boolean; labelCount: number };

async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, path: string): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The API as the holder of `token` (an Access-Token). */
export function apiAs(request: APIRequestContext, token: string): Api {
  const headers = { 'Access-Token': token, Accept: 'application/json' };
  return {
    get: async <T>(path: string) => answer<T>(await request.get(`/service${path}`, { headers }), path),
    post: async <T>(path: string, form: Record<string, string | number> = {}) =>
      answer<T>(await request.post(`/service${path}`, { headers, form }), path),
    postJson: async <T>(path: string, body: unknown) => answer<T>(await request.post(`/service${path}`, { headers, data: body }), path),
    putJson: async <T>(path: string, body: unknown) => answer<T>(await request.put(`/service${path}`, { headers, data: body }), path),
    put: async <T>(path: string, form: Record<string, string | number> = {}) => answer<T>(await request.put(`/service${path}`, { headers, form }), path),
    multipart: async <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, fields: Record<string, string | number | MultipartFile>) =>
      answer<T>(await request.fetch(`/service${path}`, { method, headers, multipart: fields }), path),
  };
}

/** The API as the user signed in on `page` (the token the app stored). */
export async function apiOfPage(page: Page): Promise<Api> {
  const token = await page.evaluate(() => window.localStorage.getItem('desen.token'));
  expect(token, 'the app stored no session token').toBeTruthy();
  return apiAs(page.request, token ?? '');
}

/** The sign-in answer (docs/API.md `SignIn`): what the app keeps as its session. */
export type SignInAnswer = {
  accessToken: string;
  user: { userGuid: string; name: string; email: string; language?: string | null };
  isAdmin: boolean;
  isInHouse: boolean;
  is2FaValidated: boolean;
  secondFactor: string;
};

/** POST /account/login_collection: the answer, and the image cookie kept in `request`. */
export async function signInAnswer(request: APIRequestContext, email: string, password: string): Promise<SignInAnswer> {
  return answer<SignInAnswer>(
    await request.post('/service/account/login_collection', { form: { mailAddress: email, password }, headers: { Accept: 'application/json' } }),
    '/account/login_collection',
  );
}

/** Signs in through the API (its own session); an admin passes the second factor (enrolling on the first sign-in of the run). */
export async function signInApi(request: APIRequestContext, email: string, password: string): Promise<Api> {
  const signIn = await signInAnswer(request, email, password);
  const api = apiAs(request, signIn.accessToken);
  const step = String(signIn.secondFactor).toLowerCase();
  if (step === 'enroll') {
    const { secret } = await api.post<{ secret: string }>('/account/second-factor/enroll');
    rememberFactor(email, secret);
  }
  if (step === 'enroll' || step === 'verify') await api.post('/account/second-factor/verify', { code: await nextFactorCode(email) });
  return api;
}

/** POST /search/design/basic/{page}/{size} with the search form (every field a string). */
export function search(api: Api, form: Record<string, string>, page = 0, pageSize = 100): Promise<SearchPage> {
  return api.post<SearchPage>(`/search/design/basic/${page}/${pageSize}`, form);
}

/** Every result of a search, in order. */
export async function searchAll(api: Api, form: Record<string, string>): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await search(api, form, page);
    results.push(...answer.results);
    if (page + 1 >= answer.totalPage) return results;
  }
}

export function designHeader(api: Api, id: string): Promise<DesignHeader> {
  return api.post<DesignHeader>('/design/header', { designGuid: id, language: 'en' });
}

/** What staff see of a design (POST /admin/design/header/{id}): every field, every order. */
export function staffDesignHeader(api: Api, designGuid: string): Promise<DesignHeader> {
  return api.post<DesignHeader>(`/admin/design/header/${encodeURIComponent(designGuid)}`);
}

/** The labels of the search filter, in English. */
export function searchLabels(api: Api): Promise<LabelOption[]> {
  return api.post<LabelOption[]>('/get/labels', { language: 'en' });
}

/**
 * A number prefix that admits a few open designs (e.g. "01-000"): shorter prefixes of a design
 * number, the first that admits between 3 and 9.
 */
export function numberPrefix(designs: StaffResult[]): { prefix: string; admitted: StaffResult[] } {
  for (const design of designs) {
    for (let length = design.designName.length - 1; length >= 3; length -= 1) {
      const prefix = design.designName.slice(0, length);
      const admitted = designs.filter((other) => other.designName.startsWith(prefix) && !other.isConfined);
      if (admitted.length >= 3 && admitted.length <= 9) return { prefix, admitted };
      if (admitted.length > 9) break;
    }
  }
  throw new Error('no design number prefix admits between 3 and 9 open designs');
}
