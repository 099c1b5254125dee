import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/lib/router';
import { AddIcon } from '@/components/icons/add-icon';
import { ArrowDownwardIcon } from '@/components/icons/arrow-downward-icon';
import { ArrowUpwardIcon } from '@/components/icons/arrow-upward-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useMoveCollection } from '../api/move-collection';
import type { CollectionNode } from '../types';
import { collectionPath } from '../lib/tree';
import { visuallyHidden } from '../lib/visually-hidden';

type Props = {
  tree: CollectionNode[] | undefined;
  selectedId: number | null;
  onCreateSub: (parent: CollectionNode) => void;
  onEdit: (node: CollectionNode, parent: CollectionNode | null) => void;
  onDelete: (node: CollectionNode, parent: CollectionNode | null) => void;
};

type Direction = 'up' | 'down';

/** Where a row is among its siblings, and what moves it. */
type Place = { index: number; count: number; onMove: (direction: Direction) => void };

/** A row of the tree: the node's link, its state, and its buttons (move up and down among its siblings, add, edit, delete). */
function NodeRow({
  node,
  parent,
  selected,
  place,
  onCreateSub,
  onEdit,
  onDelete,
}: { node: CollectionNode; parent: CollectionNode | null; selected: boolean; place: Place } & Omit<Props, 'tree' | 'selectedId'>) {
  const { t } = useTranslation('collectionsAdmin');
  const kind = parent === null ? null : node.kind === null ? t('kind.unset') : t(`kind.${node.kind}`);
  const moveButton = (direction: Direction) => {
    const label = parent === null ? (direction === 'up' ? 'tree.moveUp' : 'tree.moveDown') : direction === 'up' ? 'tree.moveSubUp' : 'tree.moveSubDown';
    return (
      <IconButton
        size="small"
        aria-label={t(label, { name: node.name })}
        disabled={direction === 'up' ? place.index === 0 : place.index === place.count - 1}
        onClick={() => place.onMove(direction)}
        data-testid={`collection-move-${direction}`}
        data-move={`${node.id}:${direction}`}
        sx={{ p: 0.25 }}
      >
        {direction === 'up' ? <ArrowUpwardIcon size={16} /> : <ArrowDownwardIcon size={16} />}
      </IconButton>
    );
  };
  return (
    <ListItem
      disablePadding
      data-testid={parent ? 'sub-collection-node' : 'collection-node'}
      secondaryAction={
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          {place.count > 1 && (
            <Stack>
              {moveButton('up')}
              {moveButton('down')}
            </Stack>
          )}
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
      sx={{ '& .MuiListItemButton-root': { pr: (parent === null ? 16 : 12) + (place.count > 1 ? 3 : 0) } }}
    >
      <ListItemButton component={Link} to={collectionPath(node.id)} selected={selected} aria-current={selected ? 'page' : undefined} sx={{ pl: parent ? 4 : 2 }}>
        <ListItemText
          primary={node.name}
          secondary={
            <Stack component="span" direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {kind && <span>{kind}</span>}
              {!node.isActive && <Chip component="span" size="small" label={t('state.inactive')} />}
              {parent === null && node.isBanner && <Chip component="span" size="small" color="secondary" variant="outlined" label={t('state.bannerShort')} title={t('state.banner')} />}
            </Stack>
          }
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: parent ? undefined : 600 } }, secondary: { component: 'span' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The collections with their sub-collections, each a link to its page, with create, edit and
 * delete buttons, and arrows that move a node among its siblings (saved at once: customers see
 * the boards in this order).
 */
export function CollectionTree({ tree, selectedId, ...actions }: Props) {
  const { t } = useTranslation('collectionsAdmin');
  const showError = useErrorToast();
  const move = useMoveCollection();
  const listRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The arrow pressed last keeps the focus while its row moves (the other arrow once at an end).
  const focusAfterMove = useRef<{ id: number; direction: Direction } | null>(null);

  useEffect(() => {
    const pressed = focusAfterMove.current;
    if (!pressed) return;
    focusAfterMove.current = null;
    const button = (direction: Direction) => listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${pressed.id}:${direction}"]:not(:disabled)`);
    (button(pressed.direction) ?? button(pressed.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [tree]);

  const placeOf = (node: CollectionNode, index: number, siblings: CollectionNode[]): Place => ({
    index,
    count: siblings.length,
    onMove: (direction) => {
      const position = direction === 'up' ? index - 1 : index + 1;
      if (position < 0 || position >= siblings.length) return;
      focusAfterMove.current = { id: node.id, direction };
      setAnnouncement(t('tree.moved', { name: node.name, position: position + 1, count: siblings.length }));
      move.mutate({ id: node.id, position }, { onError: showError });
    },
  });

  return (
    <Paper variant="outlined" ref={listRef}>
      <List dense aria-label={t('tree.label')} disablePadding>
        {tree?.map((collection, index) => (
          <li key={collection.id}>
            <List dense disablePadding>
              <NodeRow node={collection} parent={null} selected={collection.id === selectedId} place={placeOf(collection, index, tree)} {...actions} />
              {collection.subCollections?.map((sub, subIndex, subs) => (
                <NodeRow key={sub.id} node={sub} parent={collection} selected={sub.id === selectedId} place={placeOf(sub, subIndex, subs)} {...actions} />
              ))}
            </List>
          </li>
        ))}
      </List>
      <Box aria-live="polite" data-testid="collection-move-status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Paper>
  );
}
