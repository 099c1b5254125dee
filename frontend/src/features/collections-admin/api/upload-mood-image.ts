import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/api/api-upload';
import type { MoodImage } from '../types';
import { afterCollectionChange } from './keys';

export type MoodImageUpload = {
  subCollectionId: number;
  image: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** POST /admin/new-collection/create-content (multipart `subCollectionId`, `image`), with upload progress. */
export function uploadMoodImage({ subCollectionId, image, onProgress, signal }: MoodImageUpload): Promise<MoodImage> {
  const form = new FormData();
  form.append('subCollectionId', String(subCollectionId));
  form.append('image', image, image.name);
  return apiUpload<MoodImage>('/admin/new-collection/create-content', form, { method: 'POST', onProgress, signal });
}

export function useUploadMoodImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMoodImage, onSettled: () => afterCollectionChange(queryClient) });
}
