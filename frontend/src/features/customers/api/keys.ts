/** The query keys of the customers screen; mutations invalidate the same keys. */
export const customerKeys = {
  all: ['customers'] as const,
  list: ['customers', 'list'] as const,
};
