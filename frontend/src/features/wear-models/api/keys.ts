import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/reference/keys';

/**
 * The wear models' query keys, under the `wear` root: the design page keys its models there too
 * (`['wear', 'models', language]`), so an admin change reaches it.
 */
export const wearModelKeys = {
  all: ['wear'] as const,
  /** POST /admin/wears/get-all, in every language. */
  admin: ['wear', 'admin'] as const,
  /** POST /admin/wears/get-all?language=. */
  adminIn: (language: string) => ['wear', 'admin', language] as const,
};

/** After a model changed: every wear models query (the admin table, the design page's models) and the audit log. */
export function afterWearModelChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: wearModelKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.audit.all })]);
}
