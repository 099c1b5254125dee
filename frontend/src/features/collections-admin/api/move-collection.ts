import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveInTree } from '../lib/tree';
import type { CollectionNode } from '../types';
import { afterCollectionChange, collectionsAdminKeys } from './keys';
import { updateCollection } from './update-collection';

/** A (sub-)collection and its new place among its siblings (0 first). */
export type MoveCollection = { id: number; position: number };

/** PATCH /admin/new-collection with `id` and `position`: the node moves there among its siblings, the others make room. */
export function moveCollection({ id, position }: MoveCollection): Promise<CollectionNode> {
  return updateCollection({ id, position });
}

/** Moves a node in the tree at once; the server's refusal puts the tree back, and the tree is asked again either way. */
export function useMoveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCollection,
    onMutate: async ({ id, position }: MoveCollection) => {
      await queryClient.cancelQueries({ queryKey: collectionsAdminKeys.tree });
      const before = queryClient.getQueryData<CollectionNode[]>(collectionsAdminKeys.tree);
      if (before) queryClient.setQueryData<CollectionNode[]>(collectionsAdminKeys.tree, moveInTree(before, id, position));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(collectionsAdminKeys.tree, context.before);
    },
    onSettled: () => afterCollectionChange(queryClient),
  });
}
