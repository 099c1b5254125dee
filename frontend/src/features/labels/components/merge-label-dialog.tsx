import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useMergeLabel } from '../api/merge-label';
import { nameIn } from '../lib/names';
import type { AdminLabel } from '../types';

type Props = { label: AdminLabel; labels: readonly AdminLabel[]; onClose: () => void };

/** Merges a label into another: its designs, wear models and pool searches get the other one, and it is deleted. */
export function MergeLabelDialog({ label, labels, onClose }: Props) {
  const { t, i18n } = useTranslation('labels');
  const locale = i18n.resolvedLanguage;
  const toast = useToast();
  const merge = useMergeLabel();
  const [into, setInto] = useState<AdminLabel | null>(null);
  const name = nameIn(label, locale);
  // Only labels a design can carry: a group header is a title, not a label.
  const options = labels.filter((other) => other.id !== label.id && !other.isGroupHeader);

  const submit = () => {
    if (!into) return;
    merge.mutate(
      { id: label.id, into: into.id },
      {
        onSuccess: (answer) => {
          toast(t('merge.done', { name, into: nameIn(answer.label, locale), count: answer.moved }), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('merge.title', { name })}
      submitLabel={t('merge.confirm')}
      onSubmit={submit}
      onClose={onClose}
      pending={merge.isPending}
      submitDisabled={!into}
      error={merge.error}
    >
      <Typography data-testid="merge-summary">{t('merge.body', { name, count: label.labelCount })}</Typography>
      <Autocomplete
        options={options}
        value={into}
        onChange={(_event, value) => {
          setInto(value);
          if (merge.error) merge.reset();
        }}
        getOptionLabel={(option) => nameIn(option, locale)}
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        noOptionsText={t('merge.noOptions')}
        renderInput={(params) => <TextField {...params} autoFocus margin="none" label={t('merge.into')} />}
      />
    </FormDialog>
  );
}
