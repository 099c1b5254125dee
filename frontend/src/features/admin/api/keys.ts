import type { QueryClient } from '@tanstack/react-query';

/** The query keys of the users screen; mutations invalidate the same keys. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  pools: ['admin', 'pools'] as const,
  customers: ['admin', 'customers', 'basic'] as const,
  audit: ['admin', 'audit'] as const,
};

/** After a change to users: the lists and the audit log that records it. */
export function afterUserChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.users });
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
}
