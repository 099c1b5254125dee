import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { ArrowDownwardIcon, ArrowUpwardIcon, DeleteIcon } from '@/components/icons';
import { Thumbnail } from '@/components/thumbnail';
import { DesignNumberField } from '@/components/design-number-field';
import { useToast } from '@/components/toast/toast-context';
import { moveItem } from '@/lib/move-item';
import { useSetListDesigns } from '../api/set-list-designs';
import { nameIn } from '../lib/names';
import type { ListDesign, SpecialList } from '../types';

/** The chosen designs of a list, in order: added by number, removed, reordered (drag, or the arrows), then saved as a whole. */
export function ListDesignsDialog({ list, onClose }: { list: SpecialList; onClose: () => void }) {
  const { t, i18n } = useTranslation('specialLists');
  const toast = useToast();
  const save = useSetListDesigns();
  const [designs, setDesigns] = useState<ListDesign[]>(list.designs);
  const [dragged, setDragged] = useState<number | null>(null);
  const name = nameIn(list, i18n.resolvedLanguage);
  const present = new Set(designs.map((design) => design.designGuid));

  const submit = () =>
    save.mutate(
      { id: list.id, designGuids: designs.map((design) => design.designGuid) },
      {
        onSuccess: () => {
          toast(t('designs.saved', { name }), 'success');
          onClose();
        },
      },
    );

  return (
    <FormDialog title={t('designs.title', { name })} submitLabel={t('designs.save')} onSubmit={submit} onClose={onClose} pending={save.isPending} error={save.error} maxWidth="md">
      <DesignNumberField label={t('designs.add')} present={present} onPick={(design) => setDesigns((current) => [...current, design])} />
      <Typography variant="body2" color="text.secondary">
        {t('designs.hint', { count: designs.length })}
      </Typography>
      <List dense aria-label={t('designs.list', { name })}>
        {designs.map((design, index) => (
          <ListItem
            key={design.designGuid}
            data-testid="list-design"
            divider
            draggable
            onDragStart={(event: DragEvent) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', '');
              setDragged(index);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event: DragEvent) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event: DragEvent) => {
              if (dragged === null) return;
              event.preventDefault();
              setDesigns((current) => moveItem(current, dragged, index));
              setDragged(null);
            }}
            sx={{ gap: 1.5, cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
            secondaryAction={
              <>
                <IconButton
                  size="small"
                  aria-label={t('designs.moveUp', { name: design.designName })}
                  disabled={index === 0}
                  onClick={() => setDesigns((current) => moveItem(current, index, index - 1))}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('designs.moveDown', { name: design.designName })}
                  disabled={index === designs.length - 1}
                  onClick={() => setDesigns((current) => moveItem(current, index, index + 1))}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('designs.remove', { name: design.designName })}
                  onClick={() => setDesigns((current) => current.filter((other) => other.designGuid !== design.designGuid))}
                >
                  <DeleteIcon />
                </IconButton>
              </>
            }
          >
            <Thumbnail src={design.thumbnail} alt="" size={40} />
            <ListItemText primary={design.designName} />
          </ListItem>
        ))}
        {designs.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('designs.empty')} />
          </ListItem>
        )}
      </List>
    </FormDialog>
  );
}
