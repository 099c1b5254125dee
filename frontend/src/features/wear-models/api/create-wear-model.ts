import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiUpload } from '@/api/api-upload';
import { wearFormData } from '../lib/wear-form';
import type { WearDraft, WearModel } from '../types';
import { afterWearModelChange } from './keys';

/**
 * PUT /admin/wears?language= (multipart): `nameTr`, `nameEn`, `nameRu`, `widthCm`, `wearOrder`
 * (optional), `labelIds`, `isEnabled`, then the `garment` and `mask` images (required) and the
 * optional `shading` and `displacement` maps. Answers 201 with the model, named in `language`.
 */
export function createWearModel({ draft, language }: { draft: WearDraft; language: string }): Promise<WearModel> {
  return apiUpload<WearModel>(`/admin/wears?language=${encodeURIComponent(language)}`, wearFormData(draft), { method: 'PUT' });
}

export function useCreateWearModel() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMutation({
    mutationFn: (draft: WearDraft) => createWearModel({ draft, language }),
    onSettled: () => afterWearModelChange(queryClient),
  });
}
