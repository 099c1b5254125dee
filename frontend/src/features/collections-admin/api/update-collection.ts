import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/api/api-upload';
import type { CollectionForm, CollectionKind, CollectionNode } from '../types';
import { afterCollectionChange } from './keys';

/** The fields of a PATCH: `id`, then only what changes. */
export type CollectionChange = Partial<CollectionForm> & { id: number; kind?: CollectionKind; position?: number };

/**
 * PATCH /admin/new-collection (multipart): `id`, then any of the fields. `kind` is set once on a
 * sub-collection (`collection_kind_fixed` after that); `isBanner` is a collection's only
 * (`invalid_form` on a sub-collection when true). The file goes last.
 */
export function updateCollection({ id, name, description, isActive, isBanner, thumbnailImage, kind, position }: CollectionChange): Promise<CollectionNode> {
  const form = new FormData();
  form.append('id', String(id));
  if (name !== undefined) form.append('name', name.trim());
  if (description !== undefined) form.append('description', description.trim());
  if (isActive !== undefined) form.append('isActive', String(isActive));
  if (isBanner !== undefined) form.append('isBanner', String(isBanner));
  if (position !== undefined) form.append('position', String(position));
  if (kind !== undefined) form.append('kind', kind);
  if (thumbnailImage) form.append('thumbnailImage', thumbnailImage, thumbnailImage.name);
  return apiUpload<CollectionNode>('/admin/new-collection', form, { method: 'PATCH' });
}

export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCollection, onSettled: () => afterCollectionChange(queryClient) });
}
