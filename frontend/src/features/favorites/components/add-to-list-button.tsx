import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteIcon } from '@/components/icons/favorite-icon';
import { PlaylistAddIcon } from '@/components/icons/playlist-add-icon';
import { WhenLoaded } from '@/lib/deferred';
import { useQuickAdd } from '../lib/use-quick-add';
import type { ShownColorway } from '../types';
import { addToListDialog } from './parts';

/**
 * Add the shown colorway to a favorite list. With "remember my choice" on and a list chosen, one
 * click adds to that list (a toast offers to undo it), and "Lists" opens the modal all the same;
 * otherwise the click opens the modal. The button says how many lists hold the colorway.
 */
export function AddToListButton({ colorway }: { colorway: ShownColorway }) {
  const { t } = useTranslation('favorites');
  const { loading, holding, target, quickAdd } = useQuickAdd(colorway);
  const [open, setOpen] = useState(false);

  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant={holding.length > 0 ? 'outlined' : 'contained'}
        startIcon={<FavoriteIcon />}
        onClick={quickAdd ?? (() => setOpen(true))}
        disabled={loading}
        data-testid="add-to-list"
        data-lists={holding.length}
      >
        {target ? t('add.toList', { list: target.name }) : holding.length > 0 ? t('add.inLists', { count: holding.length }) : t('add.button')}
      </Button>
      {target && (
        <Button variant="outlined" startIcon={<PlaylistAddIcon />} onClick={() => setOpen(true)} data-testid="choose-list">
          {t('add.choose')}
        </Button>
      )}
      <WhenLoaded part={addToListDialog} load={open}>
        {({ AddToListDialog }) => open && <AddToListDialog colorway={colorway} onClose={() => setOpen(false)} />}
      </WhenLoaded>
    </Stack>
  );
}
