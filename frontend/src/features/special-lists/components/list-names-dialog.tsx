import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useCreateSpecialList } from '../api/create-special-list';
import { useRenameSpecialList } from '../api/rename-special-list';
import { emptyNames, missingNames, NAME_MAX, nameIn } from '../lib/names';
import { listLanguages, type ListNames, type SpecialList } from '../types';

/** Creates a list of chosen designs (`list` null) or renames one: its names in Turkish, English and Russian. */
export function ListNamesDialog({ list, onClose }: { list: SpecialList | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('specialLists');
  const toast = useToast();
  const create = useCreateSpecialList();
  const rename = useRenameSpecialList();
  const mutation = list ? rename : create;
  const [names, setNames] = useState<ListNames>(() => (list ? { ...emptyNames, ...list.names } : emptyNames));
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted ? missingNames(names) : [];

  const submit = () => {
    setSubmitted(true);
    if (missingNames(names).length > 0) return;
    const onSuccess = (saved: SpecialList) => {
      toast(t(list ? 'names.renamed' : 'names.created', { name: nameIn(saved, i18n.resolvedLanguage) }), 'success');
      onClose();
    };
    if (list) rename.mutate({ id: list.id, names }, { onSuccess });
    else create.mutate(names, { onSuccess });
  };

  return (
    <FormDialog
      title={list ? t('names.renameTitle', { name: nameIn(list, i18n.resolvedLanguage) }) : t('names.createTitle')}
      submitLabel={list ? t('names.save') : t('names.create')}
      onSubmit={submit}
      onClose={onClose}
      pending={mutation.isPending}
      error={mutation.error}
    >
      {listLanguages.map((language, index) => (
        <TextField
          key={language}
          autoFocus={index === 0}
          label={t(`names.${language}`)}
          value={names[language]}
          onChange={(event) => setNames((current) => ({ ...current, [language]: event.target.value }))}
          required
          error={missing.includes(language)}
          helperText={missing.includes(language) ? t('names.required') : undefined}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, lang: language } }}
        />
      ))}
    </FormDialog>
  );
}
