import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/api/api-client';
import { afterDesignDelete } from '@/api/reference/invalidate';

/** DELETE /design/delete/{designGuid}: the design, its colorways and their images. */
export function deleteDesign(designGuid: string): Promise<{ deleted: boolean }> {
  return apiDelete<{ deleted: boolean }>(`/design/delete/${encodeURIComponent(designGuid)}`);
}

export function useDeleteDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDesign,
    onSuccess: (_answer, designGuid) => void afterDesignDelete(queryClient, designGuid),
  });
}
