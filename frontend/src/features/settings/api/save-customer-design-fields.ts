import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import { afterDesignFieldsChange } from '@/api/reference/invalidate';
import { queryKeys } from '@/api/reference/keys';
import type { DesignFields } from '@/types/reference';

/** POST /admin/settings/design-fields (JSON): saves what customers see; answers the saved settings. */
export function saveCustomerDesignFields(fields: DesignFields): Promise<DesignFields> {
  return apiPostJson<DesignFields>('/admin/settings/design-fields', fields);
}

export function useSaveCustomerDesignFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomerDesignFields,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.designFields.customers, saved);
      // The viewer's own list (GET /get/design-fields) too: every screen reading it asks again.
      await afterDesignFieldsChange(queryClient);
    },
  });
}
