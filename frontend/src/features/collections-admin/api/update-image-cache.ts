import type { QueryClient } from '@tanstack/react-query';
import type { CollectionDetail, MoodImage } from '../types';
import { collectionsAdminKeys } from './keys';

/** Puts an image the server answered (with its tags) into the open collection at once, before the refetch. */
export function storeImage(queryClient: QueryClient, image: MoodImage): void {
  queryClient.setQueriesData<CollectionDetail>({ queryKey: [...collectionsAdminKeys.admin, 'detail'] }, (detail) =>
    detail?.images?.some((other) => other.id === image.id)
      ? { ...detail, images: detail.images.map((other) => (other.id === image.id ? image : other)) }
      : detail,
  );
}
