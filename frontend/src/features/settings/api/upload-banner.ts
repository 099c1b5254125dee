import { useMutation } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/api/api-upload';
import type { UploadedBanner } from '../types';

export type BannerUpload = {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POST /admin/settings/banners (multipart `file`: JPEG, PNG or WebP, at most 20 MB and 40
 * megapixels), with upload progress. The image is stored at once; the banner shows only once the
 * general settings holding its id are saved.
 */
export function uploadBanner({ file, onProgress, signal }: BannerUpload): Promise<UploadedBanner> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<UploadedBanner>('/admin/settings/banners', form, { method: 'POST', onProgress, signal });
}

/** Nothing cached changes: the settings form appends the banner to its draft. */
export function useUploadBanner() {
  return useMutation({ mutationFn: uploadBanner });
}
