import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageTag, MoodImage } from '../types';
import { addColorway } from './add-colorway';
import { afterCollectionChange } from './keys';
import { storeImage } from './update-image-cache';

export type PlaceTag = { imageId: number; tag: ImageTag; x: number; y: number };

/**
 * Marks where a tagged colorway is on the image: add-colorway with the colorway and `x`, `y`.
 * For a colorway tagged already, the server moves its tag to the point, keeping its place among
 * the image's tags; answers the image.
 */
export function placeTag({ imageId, tag, x, y }: PlaceTag): Promise<MoodImage> {
  return addColorway({ imageId, target: { designGuid: tag.designGuid, colorwayGuid: tag.colorwayGuid }, x, y });
}

export function usePlaceTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeTag,
    onSuccess: (image) => storeImage(queryClient, image),
    onSettled: () => afterCollectionChange(queryClient),
  });
}
