import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import type { ImageTag, MoodImage } from '../types';
import { addColorway } from './add-colorway';
import { deleteColorway } from './delete-colorway';
import { afterCollectionChange } from './keys';
import { storeImage } from './update-image-cache';

export type PlaceTag = { imageId: number; tag: ImageTag; x: number; y: number };

/**
 * Marks where a tagged colorway is on the image: add-colorway again with `x`, `y`. Should the server
 * answer `colorway_already_tagged` (it does not move a tag), the tag is taken off and put back at
 * the point; if that second step fails, the tag is put back where it was.
 */
export async function placeTag({ imageId, tag, x, y }: PlaceTag): Promise<MoodImage> {
  const target = { designGuid: tag.designGuid, colorwayGuid: tag.colorwayGuid };
  try {
    return await addColorway({ imageId, target, x, y });
  } catch (error) {
    if (!isApiError(error) || error.code !== 'colorway_already_tagged') throw error;
  }
  await deleteColorway({ imageId, colorwayGuid: tag.colorwayGuid });
  try {
    return await addColorway({ imageId, target, x, y });
  } catch (error) {
    await addColorway({ imageId, target, x: tag.x, y: tag.y }).catch(() => undefined);
    throw error;
  }
}

export function usePlaceTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeTag,
    onSuccess: (image) => storeImage(queryClient, image),
    onSettled: () => afterCollectionChange(queryClient),
  });
}
