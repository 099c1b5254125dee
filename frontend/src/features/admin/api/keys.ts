import { queryKeys } from '@/api/reference/keys';

/** The query keys of the users screen, under the shared users and audit roots that other screens' changes invalidate too. */
export const adminKeys = {
  users: [...queryKeys.users.all, 'list'] as const,
  audit: queryKeys.audit.all,
};
