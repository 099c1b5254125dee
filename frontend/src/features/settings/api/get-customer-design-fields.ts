import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { queryKeys } from '@/api/reference/keys';
import type { DesignFields } from '@/types/reference';

/** GET /admin/settings/design-fields: which design fields customers see and may search. */
export function getCustomerDesignFields(signal?: AbortSignal): Promise<DesignFields> {
  return apiGet<DesignFields>('/admin/settings/design-fields', signal);
}

/** Always asked again when the page opens: the switches start from what the server holds now. */
export function customerDesignFieldsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.designFields.customers, queryFn: ({ signal }) => getCustomerDesignFields(signal), staleTime: 0 });
}

export function useCustomerDesignFields() {
  return useQuery(customerDesignFieldsQueryOptions());
}
