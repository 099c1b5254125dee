import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { CollectionDetail, CollectionNode, GroupDesign, ImageTag, MoodImage } from '../types';

export const SLOW = { timeout: 5000 };

/** A node of GET /admin/new-collection/all (crates/collections/src/dto.rs CollectionNode). */
export function node(overrides: Partial<CollectionNode> & Pick<CollectionNode, 'id' | 'name'>): CollectionNode {
  return { parentId: null, description: 'About it', isActive: true, isBanner: false, position: 0, kind: null, coverUri: null, itemCount: 0, ...overrides };
}

export function design(n: number): GroupDesign {
  return { designGuid: `d-${n}`, designName: `01-000${n}`, colorwayGuid: `c-${n}`, thumbnail: `/service/design/thumbnail/d/v/d-${n}/c-${n}` };
}

/** Colorway `VR-{n}` of design `01-000{n}` tagged on a mood image, at a point or not. */
export function tag(n: number, point: { x: number; y: number } | null = null): ImageTag {
  return { designGuid: `d-${n}`, colorwayGuid: `c-${n}`, designName: `01-000${n}`, colorwayName: `VR-${n}`, thumbnail: null, x: point?.x ?? null, y: point?.y ?? null };
}

/** A mood photo as the server answers it (its thumbnail's path names it). */
export function moodImage(id: number, colorways: ImageTag[] = []): MoodImage {
  return { id, thumbnailUri: `/service/collections/image/${id}/thumb`, largeImageUri: `/service/collections/image/${id}/large`, width: 1200, height: 800, colorways };
}

export function signInAdmin() {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))));
}

/** An admin on /admin/collections/{id}, the tree holding one collection (4) with one sub-collection (`sub`). */
export function openAdmin(sub: CollectionNode, detail: Partial<CollectionDetail> = {}, options: Parameters<typeof userEvent.setup>[0] = {}) {
  signInAdmin();
  let current = sub;
  let content = detail;
  const tree = () => [node({ id: 4, name: 'Summer 2026', stockPages: [], subCollections: [current] })];
  server.use(
    http.get('*/service/admin/new-collection/all', () => HttpResponse.json(tree())),
    http.get(`*/service/admin/new-collection/${sub.id}`, () => HttpResponse.json({ ...current, images: [], groups: [], ...content })),
  );
  const user = userEvent.setup(options);
  const app = renderApp(`/admin/collections/${sub.id}`);
  return {
    user,
    ...app,
    change: (next: Partial<CollectionNode>) => (current = { ...current, ...next }),
    store: (next: Partial<CollectionDetail>) => (content = { ...content, ...next }),
  };
}
