import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { StockPage } from '../types';
import { collectionsKeys } from './keys';

/** GET /public/stock/{slug}: no sign-in; a revoked or unknown slug answers 404 `stock_page_not_found`. */
export function getStockPage(slug: string, signal?: AbortSignal): Promise<StockPage> {
  return apiGet<StockPage>(`/public/stock/${encodeURIComponent(slug)}`, signal);
}

export function useStockPage(slug: string) {
  return useQuery({ queryKey: collectionsKeys.stockPage(slug), queryFn: ({ signal }) => getStockPage(slug, signal), enabled: slug !== '' });
}
