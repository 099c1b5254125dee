import { expect, type Locator } from '@playwright/test';
import type { Api, StaffResult } from './api';
import type { Photo } from './photo';

/**
 * Collections set up through the admin API (`/admin/new-collection/…`), for the journeys whose
 * subject is what customers and visitors see rather than the admin screen.
 */
export type CollectionNode = { id: number; parentId: number | null; name: string; kind: 'mood' | 'design' | null; itemCount: number; coverUri: string | null };
export type MoodTag = { designGuid: string; colorwayGuid: string; designName: string; colorwayName: string; x: number | null; y: number | null };
export type MoodImage = { id: number; thumbnailUri: string; largeImageUri: string; colorways: MoodTag[] };
export type GroupDesign = { designGuid: string; designName: string };
export type DesignGroup = { id: number; name: string; designs: GroupDesign[] };
/** GET /admin/new-collection/{id}. */
export type CollectionDetail = CollectionNode & { images?: MoodImage[]; groups?: DesignGroup[] };
/** A collection as customers get it (POST /collections/get), with its sub-collections. */
export type Board = CollectionNode & { subCollections: CollectionNode[] };
export type StockPage = { slug: string; customerGuid: string; customerName: string };

/** A collection (with its cover), or with `parentId` a sub-collection made a mood board or a design page. */
export async function createCollection(
  api: Api,
  { name, description, cover, parentId, kind }: { name: string; description: string; cover?: Photo; parentId?: number; kind?: 'mood' | 'design' },
): Promise<CollectionNode> {
  const fields: Parameters<Api['multipart']>[2] = { name, description, isActive: 'true' };
  if (parentId !== undefined) fields.subCollectionId = parentId;
  if (cover) fields.thumbnailImage = cover;
  const created = await api.multipart<CollectionNode>('PUT', '/admin/new-collection', fields);
  if (!kind) return created;
  return api.multipart<CollectionNode>('PATCH', '/admin/new-collection', { id: created.id, kind });
}

export function uploadPhoto(api: Api, subCollectionId: number, image: Photo): Promise<MoodImage> {
  return api.multipart<MoodImage>('POST', '/admin/new-collection/create-content', { subCollectionId, image });
}

/** Tags a design's colorway on a mood photo, at a point (fractions of the image) when given. */
export function tagColorway(api: Api, imageId: number, design: Pick<StaffResult, 'designGuid' | 'colorways'>, point?: { x: number; y: number }, colorway = 0): Promise<MoodImage> {
  const colorwayGuid = design.colorways[colorway]?.colorwayGuid;
  if (!colorwayGuid) throw new Error(`design ${design.designGuid} has no colorway ${colorway}`);
  return api.post<MoodImage>('/admin/new-collection/add-colorway', { imageId, designGuid: design.designGuid, colorwayGuid, ...(point ?? {}) });
}

/** A design page's groups, in order. */
export function setGroups(api: Api, collectionId: number, groups: { name: string; designs: Pick<StaffResult, 'designGuid'>[] }[]): Promise<DesignGroup[]> {
  const groupData = groups.map((group) => ({ name: group.name, designGuids: group.designs.map((design) => design.designGuid) }));
  return api.post<DesignGroup[]>('/admin/new-collection/modify-group', { collectionId, groupData: JSON.stringify(groupData) });
}

export function collectionDetail(api: Api, id: number): Promise<CollectionDetail> {
  return api.get<CollectionDetail>(`/admin/new-collection/${id}`);
}

/** Open designs of the archive (as staff see it) with a thumbnail, each with its colorways. */
export function openDesigns(archive: StaffResult[]): StaffResult[] {
  return archive.filter((design) => !design.isConfined && design.thumbnail && design.colorways.length > 0);
}

/** The design numbers on the cards shown (`search-result`), in order. */
export function cardNumbers(cards: Locator): Promise<string[]> {
  return cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-design-number') ?? ''));
}

/** An <img> that has loaded real pixels (scrolled into view first: images load lazily). */
export async function expectImageLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element) => {
        const img = element as HTMLImageElement;
        return img.complete ? img.naturalWidth : 0;
      }), { message: 'the image did not load' }).toBeGreaterThan(0);
}
