import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useCreateUser } from '../api/create-user';
import { checkNewUser, emptyNewUser, serverFieldProblem, type NewUser, type NewUserField } from '../lib/user-form';
import { useProblemText } from '../lib/use-problem-text';
import { CustomerSelect, PoolSelect, UserLanguageSelect } from './user-fields';

const fields: readonly NewUserField[] = Object.keys(emptyNewUser) as NewUserField[];

type Props = { open: boolean; onClose: () => void };

/** The spec's create-user form (POST /admin/users/create), checked here as the server does. */
export function AddUserDialog({ open, onClose }: Props) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const id = useId();
  const toast = useToast();
  const create = useCreateUser();
  const problemText = useProblemText();
  const [user, setUser] = useState<NewUser>(() => ({ ...emptyNewUser, language: i18n.resolvedLanguage ?? 'en' }));
  const [submitted, setSubmitted] = useState(false);

  const set = <K extends keyof NewUser>(field: K, value: NewUser[K]) => setUser((current) => ({ ...current, [field]: value }));
  const clientProblems = submitted ? checkNewUser(user) : {};
  const serverProblems = serverFieldProblem(create.error, fields);
  const problem = (field: NewUserField) => problemText(clientProblems[field] ?? serverProblems[field]);
  const fieldProps = (field: NewUserField) => ({ error: Boolean(problem(field)), helperText: problem(field) });

  const close = () => {
    if (create.isPending) return;
    setUser({ ...emptyNewUser, language: i18n.resolvedLanguage ?? 'en' });
    setSubmitted(false);
    create.reset();
    onClose();
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(checkNewUser(user)).length > 0) return;
    create.mutate(user, {
      onSuccess: () => {
        toast(t(user.passwordMode === 'invite' ? 'users.done.invited' : 'users.done.created'), 'success');
        close();
      },
    });
  };

  return (
    <FormDialog
      open={open}
      title={t('users.form.addTitle')}
      onSubmit={submit}
      onClose={close}
      pending={create.isPending}
      error={create.error}
      submitLabel={t('users.form.create')}
    >
      <CustomerSelect
        label={t('users.form.customer')}
        emptyLabel={t('users.form.chooseCustomer')}
        value={user.customer}
        onChange={(value) => set('customer', value)}
        required
        {...fieldProps('customer')}
      />
      <TextField label={t('users.form.name')} value={user.name} onChange={(event) => set('name', event.target.value)} required {...fieldProps('name')} />
      <TextField label={t('users.form.mail')} type="email" value={user.mail} onChange={(event) => set('mail', event.target.value)} required {...fieldProps('mail')} />
      <UserLanguageSelect label={t('users.form.language')} value={user.language} onChange={(value) => set('language', value)} {...fieldProps('language')} />
      <FormControl>
        <FormLabel id={`${id}-condition`}>{t('users.form.loginCondition')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-condition`}
          value={user.loginCondition}
          onChange={(event) => set('loginCondition', event.target.value === 'limited' ? 'limited' : 'unlimited')}
        >
          <FormControlLabel value="unlimited" control={<Radio />} label={t('users.form.unlimited')} />
          <FormControlLabel value="limited" control={<Radio />} label={t('users.form.limited')} />
        </RadioGroup>
      </FormControl>
      {user.loginCondition === 'limited' && (
        <TextField
          label={t('users.form.dayCount')}
          type="number"
          value={user.conditionData}
          onChange={(event) => set('conditionData', event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 3650 } }}
          required
          {...fieldProps('conditionData')}
        />
      )}
      <PoolSelect label={t('users.form.pool')} emptyLabel={t('users.form.noPool')} value={user.pool} onChange={(value) => set('pool', value)} {...fieldProps('pool')} />
      <FormControl>
        <FormLabel id={`${id}-password`}>{t('users.form.passwordMode')}</FormLabel>
        <RadioGroup aria-labelledby={`${id}-password`} value={user.passwordMode} onChange={(event) => set('passwordMode', event.target.value === 'set' ? 'set' : 'invite')}>
          <FormControlLabel value="invite" control={<Radio />} label={t('users.form.invite')} />
          <FormControlLabel value="set" control={<Radio />} label={t('users.form.setPassword')} />
        </RadioGroup>
      </FormControl>
      {user.passwordMode === 'set' && (
        <>
          <TextField
            label={t('users.form.password1')}
            type="password"
            autoComplete="new-password"
            value={user.password1}
            onChange={(event) => set('password1', event.target.value)}
            required
            {...fieldProps('password1')}
            helperText={problem('password1') ?? t('users.form.passwordRules')}
          />
          <TextField
            label={t('users.form.password2')}
            type="password"
            autoComplete="new-password"
            value={user.password2}
            onChange={(event) => set('password2', event.target.value)}
            required
            {...fieldProps('password2')}
          />
        </>
      )}
      <Stack direction="row" spacing={2}>
        <FormControlLabel control={<Switch checked={user.shopAccess} onChange={(event) => set('shopAccess', event.target.checked)} />} label={t('users.form.shopAccess')} />
        <FormControlLabel control={<Switch checked={user.archiveAccess} onChange={(event) => set('archiveAccess', event.target.checked)} />} label={t('users.form.archiveAccess')} />
        <FormControlLabel control={<Switch checked={user.isInHouse} onChange={(event) => set('isInHouse', event.target.checked)} />} label={t('users.form.isInHouse')} />
      </Stack>
    </FormDialog>
  );
}
