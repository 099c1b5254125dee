import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { CollectionDetail, DesignGroup, SmartCriteria } from '../types';
import { afterCollectionChange, collectionsAdminKeys } from './keys';

/** A group of modify-group's `groupData`: chosen designs in order, or a smart group's `criteria` (its `designGuids` empty). */
export type GroupData = { name: string; designGuids: string[]; criteria?: SmartCriteria };

/**
 * POST /admin/new-collection/modify-group: the design page's groups replaced by `groupData`, in
 * order (at least one group: `collection_group_required`); answers the groups.
 */
export async function saveGroups({ collectionId, groups }: { collectionId: number; groups: GroupData[] }): Promise<DesignGroup[]> {
  const answer = await apiPost<DesignGroup[] | { groups: DesignGroup[] }>('/admin/new-collection/modify-group', { collectionId, groupData: JSON.stringify(groups) });
  // The groups, or (should the answer be the sub-collection) its groups.
  return Array.isArray(answer) ? answer : answer.groups;
}

export function useSaveGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroups,
    onSuccess: (groups, { collectionId }) => {
      if (groups) queryClient.setQueryData<CollectionDetail>(collectionsAdminKeys.detail(collectionId), (detail) => (detail ? { ...detail, groups } : detail));
    },
    onSettled: () => afterCollectionChange(queryClient),
  });
}
