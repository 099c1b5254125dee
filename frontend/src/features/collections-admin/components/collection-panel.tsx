import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AddIcon } from '@/components/icons/add-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { Thumbnail } from '@/components/thumbnail';
import type { CollectionNode } from '../types';
import { GroupsEditor } from './groups-editor';
import { KindChoice } from './kind-choice';
import { MoodBoardEditor } from './mood-board-editor';
import { StockPages } from './stock-pages';
import { SubCollectionList } from './sub-collection-list';

type Props = {
  node: CollectionNode;
  parent: CollectionNode | null;
  onCreateSub: (parent: CollectionNode) => void;
  onEdit: (node: CollectionNode, parent: CollectionNode | null) => void;
  onDelete: (node: CollectionNode, parent: CollectionNode | null) => void;
};

/** The open (sub-)collection: its facts and buttons, then what it holds. */
export function CollectionPanel({ node, parent, onCreateSub, onEdit, onDelete }: Props) {
  const { t } = useTranslation('collectionsAdmin');
  const isSub = parent !== null;
  return (
    <Paper variant="outlined" component="section" aria-label={node.name} data-testid="collection-panel" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Thumbnail src={node.coverUri} alt={t('panel.cover', { name: node.name })} size={88} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {isSub && (
            <Typography variant="body2" color="text.secondary">
              {t('panel.subOf', { name: parent.name })}
            </Typography>
          )}
          <Typography variant="h2" sx={{ fontSize: '1.4rem', wordBreak: 'break-word' }}>
            {node.name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ my: 0.5, flexWrap: 'wrap' }}>
            <Chip size="small" color={node.isActive ? 'success' : 'default'} label={node.isActive ? t('state.active') : t('state.inactive')} />
            {isSub && <Chip size="small" variant="outlined" label={node.kind ? t(`kind.${node.kind}`) : t('kind.unset')} />}
            {!isSub && node.isBanner && <Chip size="small" color="secondary" variant="outlined" label={t('state.banner')} data-testid="banner-chip" />}
          </Stack>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {node.description}
          </Typography>
        </Box>
        <Stack spacing={1}>
          <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(node, parent)}>
            {t('panel.edit')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(node, parent)}>
            {t('panel.delete')}
          </Button>
        </Stack>
      </Stack>
      <Divider sx={{ my: 2 }} />
      {!isSub ? (
        <Stack spacing={3}>
          <Stack spacing={1}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
                {t('panel.subCollections')}
              </Typography>
              <Button size="small" startIcon={<AddIcon />} onClick={() => onCreateSub(node)}>
                {t('panel.createSub')}
              </Button>
            </Stack>
            <SubCollectionList collection={node} />
          </Stack>
          <StockPages collection={node} />
        </Stack>
      ) : node.kind === null ? (
        <KindChoice node={node} />
      ) : node.kind === 'mood' ? (
        <MoodBoardEditor node={node} />
      ) : (
        <GroupsEditor node={node} />
      )}
    </Paper>
  );
}
