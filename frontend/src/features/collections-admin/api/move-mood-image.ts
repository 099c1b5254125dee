import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { moveItem } from '@/lib/move-item';
import type { CollectionDetail, MoodImage } from '../types';
import { afterCollectionChange, collectionsAdminKeys } from './keys';

/** A photo of mood board `collectionId` and its new place among the board's photos (0 first). */
export type MoveMoodImage = { collectionId: number; imageId: number; position: number };

/** POST /admin/new-collection/move-content: the photo moves to `position`; answers the board's photos in their new order. */
export function moveMoodImage({ imageId, position }: MoveMoodImage): Promise<MoodImage[]> {
  return apiPost<MoodImage[]>('/admin/new-collection/move-content', { imageId, position });
}

function withImages(detail: CollectionDetail | undefined, images: (current: MoodImage[]) => MoodImage[]): CollectionDetail | undefined {
  return detail?.images ? { ...detail, images: images(detail.images) } : detail;
}

/** Moves the photo on screen at once; the answer (the board's order) replaces it, a refusal puts the board back. */
export function useMoveMoodImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMoodImage,
    onMutate: async ({ collectionId, imageId, position }: MoveMoodImage) => {
      const key = collectionsAdminKeys.detail(collectionId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CollectionDetail>(key);
      queryClient.setQueryData<CollectionDetail>(key, (detail) =>
        withImages(detail, (images) => {
          const from = images.findIndex((image) => image.id === imageId);
          return moveItem(images, from, Math.min(Math.max(position, 0), images.length - 1));
        }),
      );
      return { before };
    },
    onSuccess: (images, { collectionId }) => {
      if (Array.isArray(images)) queryClient.setQueryData<CollectionDetail>(collectionsAdminKeys.detail(collectionId), (detail) => withImages(detail, () => images));
    },
    onError: (_error, { collectionId }, context) => {
      if (context?.before) queryClient.setQueryData(collectionsAdminKeys.detail(collectionId), context.before);
    },
    onSettled: () => afterCollectionChange(queryClient),
  });
}
