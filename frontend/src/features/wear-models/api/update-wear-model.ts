import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiUpload } from '@/api/api-upload';
import { wearFormData } from '../lib/wear-form';
import type { WearDraft, WearModel } from '../types';
import { afterWearModelChange } from './keys';

export type WearModelEdit = { guid: string; draft: WearDraft };

/**
 * PATCH /admin/wears/{guid}?language= (multipart): the same fields as a create, all optional; the
 * images are replaced only when `garment` and `mask` are sent together.
 */
export function updateWearModel({ guid, draft, language }: WearModelEdit & { language: string }): Promise<WearModel> {
  return apiUpload<WearModel>(`/admin/wears/${encodeURIComponent(guid)}?language=${encodeURIComponent(language)}`, wearFormData(draft), { method: 'PATCH' });
}

export function useUpdateWearModel() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMutation({
    mutationFn: (edit: WearModelEdit) => updateWearModel({ ...edit, language }),
    onSettled: () => afterWearModelChange(queryClient),
  });
}
