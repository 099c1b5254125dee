import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterCollectionChange } from './keys';

/** POST /admin/new-collection/revoke: the link /custom/{slug} stops working. */
export function revokeStockPage(slug: string): Promise<{ deleted: boolean }> {
  return apiPost('/admin/new-collection/revoke', { slug });
}

export function useRevokeStockPage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeStockPage, onSettled: () => afterCollectionChange(queryClient) });
}
