import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useUpdateUser } from '../api/update-user';
import { checkUserEdit, serverFieldProblem, type UserEdit, type UserEditField } from '../lib/user-form';
import { useProblemText } from '../lib/use-problem-text';
import type { AdminUser } from '../types';
import { CustomerSelect, UserLanguageSelect } from './user-fields';

const fields: readonly UserEditField[] = ['name', 'mail', 'language', 'customer', 'shopAccess', 'archiveAccess', 'isInHouse'];

function editOf(user: AdminUser): UserEdit {
  return {
    userGuid: user.userGuid,
    name: user.name,
    mail: user.email,
    language: user.language,
    customer: user.userCompanyGuid ?? '',
    shopAccess: user.shopAccess,
    archiveAccess: user.archiveAccess,
    isInHouse: user.isInHouse,
  };
}

type Props = { user: AdminUser; onClose: () => void };

/** Edit a user's name, e-mail, language, customer and access (POST /admin/users/update). Mounted per user. */
export function EditUserDialog({ user, onClose }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const update = useUpdateUser();
  const problemText = useProblemText();
  const [edit, setEdit] = useState<UserEdit>(() => editOf(user));
  const [submitted, setSubmitted] = useState(false);

  const set = <K extends keyof UserEdit>(field: K, value: UserEdit[K]) => setEdit((current) => ({ ...current, [field]: value }));
  const clientProblems = submitted ? checkUserEdit(edit) : {};
  const serverProblems = serverFieldProblem(update.error, fields);
  const problem = (field: UserEditField) => problemText(clientProblems[field] ?? serverProblems[field]);
  const fieldProps = (field: UserEditField) => ({ error: Boolean(problem(field)), helperText: problem(field) });

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(checkUserEdit(edit)).length > 0) return;
    update.mutate(edit, {
      onSuccess: () => {
        toast(t('users.done.updated'), 'success');
        onClose();
      },
    });
  };

  return (
    <FormDialog
      title={t('users.form.editTitle', { name: user.name })}
      onSubmit={submit}
      onClose={onClose}
      pending={update.isPending}
      error={update.error}
      submitLabel={t('users.form.save')}
    >
      <TextField label={t('users.form.name')} value={edit.name} onChange={(event) => set('name', event.target.value)} required {...fieldProps('name')} />
      <TextField label={t('users.form.mail')} type="email" value={edit.mail} onChange={(event) => set('mail', event.target.value)} required {...fieldProps('mail')} />
      <UserLanguageSelect label={t('users.form.language')} value={edit.language} onChange={(value) => set('language', value)} {...fieldProps('language')} />
      <CustomerSelect
        label={t('users.form.customer')}
        emptyLabel={t('users.form.chooseCustomer')}
        value={edit.customer}
        onChange={(value) => set('customer', value)}
        required={!edit.isInHouse}
        {...fieldProps('customer')}
      />
      <Stack direction="row" spacing={2}>
        <FormControlLabel control={<Switch checked={edit.shopAccess} onChange={(event) => set('shopAccess', event.target.checked)} />} label={t('users.form.shopAccess')} />
        <FormControlLabel control={<Switch checked={edit.archiveAccess} onChange={(event) => set('archiveAccess', event.target.checked)} />} label={t('users.form.archiveAccess')} />
        <FormControlLabel control={<Switch checked={edit.isInHouse} onChange={(event) => set('isInHouse', event.target.checked)} />} label={t('users.form.isInHouse')} />
      </Stack>
    </FormDialog>
  );
}
