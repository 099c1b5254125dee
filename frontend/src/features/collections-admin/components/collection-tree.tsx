import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddIcon, DeleteIcon, EditIcon } from '@/components/icons';
import type { CollectionNode } from '../types';
import { collectionPath } from '../lib/tree';

type Props = {
  tree: CollectionNode[] | undefined;
  selectedId: number | null;
  onCreateSub: (parent: CollectionNode) => void;
  onEdit: (node: CollectionNode, parent: CollectionNode | null) => void;
  onDelete: (node: CollectionNode, parent: CollectionNode | null) => void;
};

/** A row of the tree: the node's link, its state, and its buttons. */
function NodeRow({ node, parent, selected, onCreateSub, onEdit, onDelete }: { node: CollectionNode; parent: CollectionNode | null; selected: boolean } & Omit<Props, 'tree' | 'selectedId'>) {
  const { t } = useTranslation('collectionsAdmin');
  const kind = parent === null ? null : node.kind === null ? t('kind.unset') : t(`kind.${node.kind}`);
  return (
    <ListItem
      disablePadding
      data-testid={parent ? 'sub-collection-node' : 'collection-node'}
      secondaryAction={
        <Stack direction="row">
          {parent === null && (
            <IconButton size="small" aria-label={t('tree.createSub', { name: node.name })} onClick={() => onCreateSub(node)}>
              <AddIcon />
            </IconButton>
          )}
          <IconButton size="small" aria-label={t('tree.edit', { name: node.name })} onClick={() => onEdit(node, parent)}>
            <EditIcon />
          </IconButton>
          <IconButton size="small" edge="end" aria-label={t('tree.delete', { name: node.name })} onClick={() => onDelete(node, parent)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      }
      sx={{ '& .MuiListItemButton-root': { pr: parent === null ? 16 : 12 } }}
    >
      <ListItemButton component={Link} to={collectionPath(node.id)} selected={selected} aria-current={selected ? 'page' : undefined} sx={{ pl: parent ? 4 : 2 }}>
        <ListItemText
          primary={node.name}
          secondary={
            <Stack component="span" direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {kind && <span>{kind}</span>}
              {!node.isActive && <Chip component="span" size="small" label={t('state.inactive')} />}
            </Stack>
          }
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: parent ? undefined : 600 } }, secondary: { component: 'span' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** The collections with their sub-collections, each a link to its page, with create, edit and delete buttons. */
export function CollectionTree({ tree, selectedId, ...actions }: Props) {
  const { t } = useTranslation('collectionsAdmin');
  return (
    <Paper variant="outlined">
      <List dense aria-label={t('tree.label')} disablePadding>
        {tree?.map((collection) => (
          <li key={collection.id}>
            <List dense disablePadding>
              <NodeRow node={collection} parent={null} selected={collection.id === selectedId} {...actions} />
              {collection.subCollections?.map((sub) => <NodeRow key={sub.id} node={sub} parent={collection} selected={sub.id === selectedId} {...actions} />)}
            </List>
          </li>
        ))}
      </List>
    </Paper>
  );
}
