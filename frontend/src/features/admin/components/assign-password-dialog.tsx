import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useAssignPassword } from '../api/assign-password';
import { checkPasswords, serverFieldProblem } from '../lib/user-form';
import { useProblemText } from '../lib/use-problem-text';
import type { AdminUser } from '../types';

const fields = ['newPassword', 'newPassword2'] as const;
type Field = (typeof fields)[number];

/** Assign a new password: two entries, at least 8 characters with 1 upper- and 1 lower-case letter, equal. */
export function AssignPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const assign = useAssignPassword();
  const problemText = useProblemText();
  const [passwords, setPasswords] = useState({ newPassword: '', newPassword2: '' });
  const [submitted, setSubmitted] = useState(false);

  const clientProblems = submitted ? checkPasswords(passwords.newPassword, passwords.newPassword2) : {};
  const serverProblems = serverFieldProblem(assign.error, fields, { password1: 'newPassword', password2: 'newPassword2' });
  const problem = (field: Field) => problemText(clientProblems[field] ?? serverProblems[field]);

  const submit = () => {
    setSubmitted(true);
    const problems = checkPasswords(passwords.newPassword, passwords.newPassword2);
    if (problems.newPassword || problems.newPassword2) return;
    assign.mutate(
      { userGuid: user.userGuid, ...passwords },
      {
        onSuccess: () => {
          toast(t('users.done.assignPassword'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('users.password.title', { name: user.name })}
      maxWidth="xs"
      onSubmit={submit}
      onClose={onClose}
      pending={assign.isPending}
      error={assign.error}
      submitLabel={t('users.password.save')}
    >
      <DialogContentText>{t('users.password.note')}</DialogContentText>
      {fields.map((field) => (
        <TextField
          key={field}
          label={t(`users.password.${field}`)}
          type="password"
          autoComplete="new-password"
          value={passwords[field]}
          onChange={(event) => setPasswords((current) => ({ ...current, [field]: event.target.value }))}
          required
          error={Boolean(problem(field))}
          helperText={problem(field) ?? (field === 'newPassword' ? t('users.form.passwordRules') : undefined)}
        />
      ))}
    </FormDialog>
  );
}
