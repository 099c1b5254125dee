import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { MoodImage } from '../types';
import { afterCollectionChange } from './keys';
import { storeImage } from './update-image-cache';

/** POST /admin/new-collection/delete-colorway: untags a colorway; answers the image. */
export function deleteColorway({ imageId, colorwayGuid }: { imageId: number; colorwayGuid: string }): Promise<MoodImage> {
  return apiPost<MoodImage>('/admin/new-collection/delete-colorway', { imageId, colorwayGuid });
}

export function useDeleteColorway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteColorway,
    onSuccess: (image) => storeImage(queryClient, image),
    onSettled: () => afterCollectionChange(queryClient),
  });
}
