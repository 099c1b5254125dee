import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteBorderIcon } from '@/components/icons/favorite-border-icon';
import { FavoriteIcon } from '@/components/icons/favorite-icon';
import { WhenLoaded } from '@/lib/deferred';
import { useQuickAdd } from '../lib/use-quick-add';
import type { ShownColorway } from '../types';
import { addToListDialog } from './parts';

/**
 * The heart on a result card: filled when a list holds the card's colorway. A click adds it to the
 * remembered list in one go, or opens the add-to-list modal (to add it elsewhere, or take it out).
 */
export function CardFavoriteButton({ colorway }: { colorway: ShownColorway }) {
  const { t } = useTranslation('favorites');
  const { loading, holding, target, quickAdd } = useQuickAdd(colorway);
  const [open, setOpen] = useState(false);
  const label = target
    ? t('add.toList', { list: target.name })
    : holding.length > 0
      ? t('add.inLists', { count: holding.length })
      : t('add.button');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={`${label}: ${colorway.designName} ${colorway.colorwayName}`}
          disabled={loading}
          onClick={quickAdd ?? (() => setOpen(true))}
          data-testid="card-favorite"
          data-lists={holding.length}
          sx={{ bgcolor: 'background.paper', boxShadow: 1, color: holding.length > 0 ? 'error.main' : 'text.secondary', '&:hover': { bgcolor: 'background.paper' } }}
        >
          {holding.length > 0 ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        </IconButton>
      </Tooltip>
      <WhenLoaded part={addToListDialog} load={open}>
        {({ AddToListDialog }) => open && <AddToListDialog colorway={colorway} onClose={() => setOpen(false)} />}
      </WhenLoaded>
    </>
  );
}
