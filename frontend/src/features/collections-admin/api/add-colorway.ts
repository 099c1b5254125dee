import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { MoodImage } from '../types';
import { afterCollectionChange } from './keys';
import { storeImage } from './update-image-cache';

/** A colorway picked from the autocomplete, or typed as `DESIGN/COLORWAY` (`val`, e.g. `01-0559/VR-2`). */
export type TagTarget = { designGuid: string; colorwayGuid: string } | { val: string };

export type AddColorway = { imageId: number; target: TagTarget; x?: number | null; y?: number | null };

/** POST /admin/new-collection/add-colorway: tags a colorway on the image, optionally at a point (0–1); answers the image. */
export function addColorway({ imageId, target, x, y }: AddColorway): Promise<MoodImage> {
  const point = x !== undefined && x !== null && y !== undefined && y !== null ? { x, y } : {};
  const colorway = 'val' in target ? { val: target.val.trim() } : { designGuid: target.designGuid, colorwayGuid: target.colorwayGuid };
  return apiPost<MoodImage>('/admin/new-collection/add-colorway', { imageId, ...colorway, ...point });
}

export function useAddColorway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addColorway,
    onSuccess: (image) => storeImage(queryClient, image),
    onSettled: () => afterCollectionChange(queryClient),
  });
}
