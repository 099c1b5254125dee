import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { server } from '@/testing/server';
import type { AdminLabel, TaggedDesign, TaggingAnswer } from '../types';

export function adminLabel(overrides: Partial<AdminLabel> & Pick<AdminLabel, 'id' | 'names'>): AdminLabel {
  return { label: overrides.names.en, groupId: null, isGroupHeader: false, labelCount: 0, wearCount: 0, ...overrides };
}

/** GET /admin/labels as the contract orders it: each header with its members by name, then the labels without a group. */
export const seededLabels: AdminLabel[] = [
  adminLabel({ id: 10, names: { tr: 'Renk', en: 'Colour', ru: 'Цвет' }, isGroupHeader: true }),
  adminLabel({ id: 12, names: { tr: 'Mavi', en: 'Blue', ru: 'Синий' }, groupId: 10, labelCount: 3 }),
  adminLabel({ id: 11, names: { tr: 'Kırmızı', en: 'Red', ru: 'Красный' }, groupId: 10, labelCount: 1250, wearCount: 2 }),
  adminLabel({ id: 20, names: { tr: 'Motif', en: 'Motif', ru: 'Мотив' }, isGroupHeader: true }),
  adminLabel({ id: 21, names: { tr: 'Çiçekli', en: 'Floral', ru: 'Цветочный' }, groupId: 20, labelCount: 40 }),
  adminLabel({ id: 22, names: { tr: 'Çizgili', en: 'Stripes', ru: 'Полоска' }, groupId: 20, labelCount: 5 }),
  adminLabel({ id: 30, names: { tr: 'Eski', en: 'Vintage', ru: 'Винтаж' } }),
];

export function taggedDesign(number: number): TaggedDesign {
  const guid = `d-${number}`;
  return {
    designGuid: guid,
    designName: `01-${String(number).padStart(4, '0')}`,
    originalName: `design_${number}.tif`,
    colorwayGuid: `c-${number}`,
    preview: `/service/image/preview/${guid}`,
    thumbnail: `/service/image/thumbnail/${guid}`,
    width: 1200,
    height: 800,
  };
}

/** Signs an admin in (the session and the token check). */
export function signInAdmin() {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))));
}

export type Sent = { method: string; path: string; body: unknown };

/**
 * A tagging server: the unlabeled designs `queue` are offered in turn (the first reserved until it
 * is labelled or skipped), with `suggestions` for each; every request is recorded. `refuse` answers
 * a save instead when it returns a response.
 */
export function taggingServer({
  labels = seededLabels,
  queue = [taggedDesign(1), taggedDesign(2), taggedDesign(3)],
  total = 1234,
  suggestions = [
    { labelId: 21, confidence: 0.87, source: 'similar' },
    { labelId: 11, confidence: 0.42, source: 'palette' },
  ],
  refuse,
}: {
  labels?: AdminLabel[];
  queue?: TaggedDesign[];
  total?: number;
  suggestions?: TaggingAnswer['suggestions'];
  refuse?: (body: { designGuid: string; labelIds: number[] }) => Response | undefined;
} = {}) {
  const sent: Sent[] = [];
  let left = [...queue];
  const answer = (): TaggingAnswer => {
    const design = left[0] ?? null;
    return { design, progress: { done: total - left.length, remaining: left.length, total }, suggestions: design ? suggestions : [] };
  };
  server.use(
    http.get('*/service/admin/labels', () => HttpResponse.json(labels)),
    http.get('*/service/admin/tags/unlabeled', ({ request }) => {
      const url = new URL(request.url);
      sent.push({ method: 'GET', path: `${url.pathname.replace('/service', '')}${url.search}`, body: null });
      const skip = url.searchParams.get('skip');
      if (skip) left = [...left.filter((design) => design.designGuid !== skip), ...left.filter((design) => design.designGuid === skip)];
      return HttpResponse.json(answer());
    }),
    http.patch('*/service/admin/tags/unlabeled', async ({ request }) => {
      const body = (await request.json()) as { designGuid: string; labelIds: number[] };
      sent.push({ method: 'PATCH', path: '/admin/tags/unlabeled', body });
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      left = left.filter((design) => design.designGuid !== body.designGuid);
      return HttpResponse.json(answer());
    }),
  );
  return { sent };
}
