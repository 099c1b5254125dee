import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from '@/lib/router';
import { Thumbnail } from '@/components/thumbnail';
import { collectionPath } from '../lib/tree';
import type { CollectionNode } from '../types';

/** A collection's sub-collections with their kind and how much they hold, each a link to its page. */
export function SubCollectionList({ collection }: { collection: CollectionNode }) {
  const { t } = useTranslation('collectionsAdmin');
  const subs = collection.subCollections ?? [];
  if (subs.length === 0) return <Typography color="text.secondary">{t('panel.noSubs')}</Typography>;
  return (
    <List dense disablePadding>
      {subs.map((sub) => (
        <ListItemButton key={sub.id} component={Link} to={collectionPath(sub.id)} sx={{ gap: 2 }}>
          <Thumbnail src={sub.coverUri} alt="" size={40} />
          <ListItemText
            primary={sub.name}
            secondary={
              sub.kind === null
                ? t('kind.unset')
                : `${t(`kind.${sub.kind}`)} · ${t(sub.kind === 'mood' ? 'panel.imageCount' : 'panel.designCount', { count: sub.itemCount })}`
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
}
