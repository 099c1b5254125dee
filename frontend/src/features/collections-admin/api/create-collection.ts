import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/api/api-upload';
import type { CollectionForm, CollectionNode } from '../types';
import { afterCollectionChange } from './keys';

export type NewCollection = CollectionForm & {
  /** The parent collection's id when this is a sub-collection. */
  parentId: number | null;
};

/**
 * PUT /admin/new-collection (multipart): a collection (its thumbnail is required; `isBanner` puts
 * it atop the archive) or, with `subCollectionId` naming the parent, a sub-collection (never a
 * banner: `isBanner` is not sent). The plain fields go before the file.
 */
export function createCollection({ name, description, isActive, isBanner, thumbnailImage, parentId }: NewCollection): Promise<CollectionNode> {
  const form = new FormData();
  form.append('name', name.trim());
  form.append('description', description.trim());
  form.append('isActive', String(isActive));
  if (parentId === null) form.append('isBanner', String(isBanner));
  else form.append('subCollectionId', String(parentId));
  if (thumbnailImage) form.append('thumbnailImage', thumbnailImage, thumbnailImage.name);
  return apiUpload<CollectionNode>('/admin/new-collection', form, { method: 'PUT' });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCollection, onSettled: () => afterCollectionChange(queryClient) });
}
