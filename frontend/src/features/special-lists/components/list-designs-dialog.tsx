import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { DesignNumberField } from '@/components/design-number-field';
import { OrderedDesignList } from '@/components/ordered-design-list';
import { useToast } from '@/components/toast/toast-context';
import { useSetListDesigns } from '../api/set-list-designs';
import { nameIn } from '../lib/names';
import type { ListDesign, SpecialList } from '../types';

/** The chosen designs of a list, in order: added by number, removed, reordered (drag, or the arrows), then saved as a whole. */
export function ListDesignsDialog({ list, onClose }: { list: SpecialList; onClose: () => void }) {
  const { t, i18n } = useTranslation('specialLists');
  const toast = useToast();
  const save = useSetListDesigns();
  const [designs, setDesigns] = useState<ListDesign[]>(list.designs);
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
      <DesignNumberField label={t('designs.add')} present={present} onPick={({ designGuid, designName, thumbnail }) => setDesigns((current) => [...current, { designGuid, designName, thumbnail }])} />
      <Typography variant="body2" color="text.secondary">
        {t('designs.hint', { count: designs.length })}
      </Typography>
      <OrderedDesignList
        designs={designs}
        onChange={setDesigns}
        texts={{
          list: t('designs.list', { name }),
          empty: t('designs.empty'),
          moveUp: (design) => t('designs.moveUp', { name: design }),
          moveDown: (design) => t('designs.moveDown', { name: design }),
          remove: (design) => t('designs.remove', { name: design }),
        }}
      />
    </FormDialog>
  );
}
