/** The query keys of the pools screen; mutations invalidate the same keys. */
export const poolKeys = {
  all: ['pools'] as const,
  list: ['pools', 'list'] as const,
  count: ['pools', 'count'] as const,
  preview: ['pools', 'preview'] as const,
  labels: ['pools', 'labels'] as const,
  archives: ['pools', 'archives'] as const,
  customers: ['pools', 'customers'] as const,
  users: ['pools', 'users'] as const,
  designs: ['pools', 'designs'] as const,
};
