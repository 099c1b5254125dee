import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCollectionTree } from '../api/get-collection-tree';
import { collectionPath, findNode, idParam } from '../lib/tree';
import type { CollectionNode } from '../types';
import { CollectionDialog, type CollectionDialogMode } from './collection-dialog';
import { CollectionPanel } from './collection-panel';
import { CollectionTree } from './collection-tree';
import { DeleteCollectionDialog } from './delete-collection-dialog';

/**
 * Admin → Collections (/admin/collections/:id?): the tree of collections and their sub-collections
 * on the left, the one in the URL on the right (a collection's stock pages; a sub-collection's kind,
 * mood board or design groups).
 */
export function CollectionsAdminPage() {
  const { t } = useTranslation(['collectionsAdmin', 'admin', 'errors']);
  useDocumentTitle(t('admin:menu.collections'));
  const navigate = useNavigate();
  const selectedId = idParam(useParams().id);
  const tree = useCollectionTree();
  const [dialog, setDialog] = useState<CollectionDialogMode | null>(null);
  const [deleting, setDeleting] = useState<{ node: CollectionNode; parent: CollectionNode | null } | null>(null);
  const selected = findNode(tree.data, selectedId);

  const actions = {
    onCreateSub: (parent: CollectionNode) => setDialog({ mode: 'create', parent }),
    onEdit: (node: CollectionNode, parent: CollectionNode | null) => setDialog({ mode: 'edit', node, parent }),
    onDelete: (node: CollectionNode, parent: CollectionNode | null) => setDeleting({ node, parent }),
  };

  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('admin:menu.collections')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create', parent: null })}>
          {t('collectionsAdmin:tree.createCollection')}
        </Button>
      </Stack>
      {tree.isFetching && <LinearProgress />}
      <ErrorAlert error={tree.error} onRetry={() => void tree.refetch()} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 340px) 1fr' }, gap: 2, p: 2, pt: 1, alignItems: 'start' }}>
        <CollectionTree tree={tree.data} selectedId={selectedId} {...actions} />
        <Box sx={{ minWidth: 0 }}>
          {selected ? (
            <CollectionPanel key={selected.node.id} node={selected.node} parent={selected.parent} {...actions} />
          ) : selectedId !== null && tree.isSuccess ? (
            <Alert severity="warning" data-testid="collection-missing">
              {t('errors:collection_not_found')}
            </Alert>
          ) : (
            tree.isSuccess && (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {tree.data.length === 0 ? t('collectionsAdmin:tree.empty') : t('collectionsAdmin:panel.choose')}
              </Typography>
            )
          )}
        </Box>
      </Box>
      {dialog && (
        <CollectionDialog
          key={dialog.mode === 'edit' ? `edit-${dialog.node.id}` : `new-${dialog.parent?.id ?? 'top'}`}
          mode={dialog}
          onClose={() => setDialog(null)}
          onCreated={(node) => void navigate(collectionPath(node.id))}
        />
      )}
      {deleting && (
        <DeleteCollectionDialog
          node={deleting.node}
          isSub={deleting.parent !== null}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const gone = deleting.node.id === selectedId || deleting.node.subCollections?.some((sub) => sub.id === selectedId);
            if (gone) void navigate(collectionPath(deleting.parent?.id), { replace: true });
          }}
        />
      )}
    </Paper>
  );
}
