import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { errorCodeOf } from '@/lib/error-message';

type Props = {
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

/** A list's name, to create or rename it: the server's refusal (taken, punctuation) shows on the field. */
export function ListNameDialog({ title, submitLabel, initialName = '', pending, error, onSubmit, onClose }: Props) {
  const { t } = useTranslation(['favorites', 'errors']);
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const empty = !name.trim();
  const fieldError = touched && empty ? t('errors:favorite_list_name_required') : error ? t(`errors:${errorCodeOf(error)}`) : '';
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      pending={pending}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (!empty) onSubmit(name);
      }}
    >
      <TextField
        autoFocus
        label={t('lists.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError || t('lists.nameHint')}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'list-name' } }}
      />
    </FormDialog>
  );
}
