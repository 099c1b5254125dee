import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { updateClientSettings, useClientSettings } from '@/lib/client-settings';
import { useAddToList } from '../api/add-to-list';
import { useCreateList } from '../api/create-list';
import { useColorwayLists } from '../api/get-colorway-lists';
import { useLists } from '../api/get-lists';
import { useRemoveFromList } from '../api/remove-from-list';
import type { ShownColorway } from '../types';

type Props = { colorway: ShownColorway; onClose: () => void };

/**
 * The add-to-list modal: the user's lists, ticked where the colorway is already (a tick adds or
 * removes at once), a new list made inline (and the colorway added to it), and "remember my
 * choice" (the next add goes to the last list ticked, in one click).
 */
export function AddToListDialog({ colorway, onClose }: Props) {
  const { t } = useTranslation('favorites');
  const titleId = useId();
  const lists = useLists();
  const held = useColorwayLists(colorway.colorwayGuid);
  const add = useAddToList();
  const remove = useRemoveFromList();
  const create = useCreateList();
  const showError = useErrorToast();
  const settings = useClientSettings();
  const [name, setName] = useState('');
  // The lists show with their ticks, once the colorway's lists are read too.
  const ticked = new Set(held.data?.listIds);
  const shown = held.data ? lists.data : undefined;

  const remember = (listId: string) => updateClientSettings({ selectedCollection: listId });

  const toggle = (listId: string, present: boolean) => {
    const change = { ...colorway, listId };
    if (present) {
      remove.mutate(change, { onError: showError });
    } else {
      add.mutate(change, { onError: showError });
      remember(listId);
    }
  };

  const createAndAdd = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (list) => {
        setName('');
        add.mutate({ ...colorway, listId: list.id }, { onError: showError });
        remember(list.id);
      },
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="add-to-list-dialog">
      <DialogTitle id={titleId}>
        {t('add.title')}
        <Typography variant="body2" color="text.secondary">
          {colorway.designName} · {colorway.colorwayName}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {(lists.isPending || held.isPending) && <PageSpinner />}
        <ErrorAlert error={lists.error ?? held.error} onRetry={() => void (lists.error ? lists.refetch() : held.refetch())} />
        {shown?.length === 0 && <Typography color="text.secondary">{t('add.noLists')}</Typography>}
        <List dense disablePadding>
          {shown?.map((list) => {
            const present = ticked.has(list.id);
            return (
              <ListItemButton key={list.id} onClick={() => toggle(list.id, present)} data-testid="add-to-list-option" data-list={list.name} data-checked={present}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox edge="start" checked={present} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': list.name } }} />
                </ListItemIcon>
                <ListItemText primary={list.name} secondary={t('lists.count', { count: list.entryCount })} />
              </ListItemButton>
            );
          })}
        </List>
        <Stack component="form" direction="row" spacing={1} onSubmit={createAndAdd} noValidate sx={{ mt: 2, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={t('add.newList')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'new-list-name' } }}
          />
          <Button type="submit" variant="outlined" loading={create.isPending} disabled={!name.trim()} data-testid="new-list-create">
            {t('add.create')}
          </Button>
        </Stack>
        <ErrorAlert error={create.error} />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              checked={settings.isRememberFavoriteSelection}
              onChange={(event) => updateClientSettings({ isRememberFavoriteSelection: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'remember-list' } as object }}
            />
          }
          label={t('add.remember')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="add-to-list-done">
          {t('add.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
