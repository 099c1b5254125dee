import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterCollectionChange } from './keys';

/** POST /admin/new-collection/delete-content: a mood image with its tags. */
export function deleteMoodImage(imageId: number): Promise<{ deleted: boolean }> {
  return apiPost('/admin/new-collection/delete-content', { imageId });
}

export function useDeleteMoodImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMoodImage, onSettled: () => afterCollectionChange(queryClient) });
}
