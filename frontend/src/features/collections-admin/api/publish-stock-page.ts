import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { StockPage } from '../types';
import { afterCollectionChange } from './keys';

/**
 * POST /admin/new-collection/publish: the collection's public page for one customer company.
 * Publishing again for the same company gives a new slug; the old link stops working.
 */
export function publishStockPage({ collectionId, customerGuid }: { collectionId: number; customerGuid: string }): Promise<StockPage> {
  return apiPost<StockPage>('/admin/new-collection/publish', { collectionId, customerGuid });
}

export function usePublishStockPage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishStockPage, onSettled: () => afterCollectionChange(queryClient) });
}
