import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { checkLoginRestriction, serverFieldProblem, type LoginRestriction, type LoginRestrictionField } from '../lib/user-form';
import { useProblemText } from '../lib/use-problem-text';
import type { AdminUser } from '../types';

const fields: readonly LoginRestrictionField[] = ['conditionType', 'conditionValue', 'allowedIps'];

/** The restriction a user has now (the day limit restarts from today when saved). */
export function restrictionOf(user: AdminUser | null): LoginRestriction {
  if (!user) return { conditionType: 'unlimited', conditionValue: '', allowedIps: '' };
  return {
    conditionType: user.loginCondition === 'limited' ? 'limited' : 'unlimited',
    conditionValue: user.loginDayLimit ? String(user.loginDayLimit) : '',
    allowedIps: user.allowedIps
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean)
      .join('\n'),
  };
}

type Props = {
  title: string;
  initial: LoginRestriction;
  pending: boolean;
  error: unknown;
  onSubmit: (restriction: LoginRestriction) => void;
  onClose: () => void;
};

/** Login restriction: unlimited or a day count, and the allowed IP addresses. For one user or a selection. */
export function LoginRestrictionDialog({ title, initial, pending, error, onSubmit, onClose }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const typeLabelId = useId();
  const problemText = useProblemText();
  const [restriction, setRestriction] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof LoginRestriction>(field: K, value: LoginRestriction[K]) => setRestriction((current) => ({ ...current, [field]: value }));
  const clientProblems = submitted ? checkLoginRestriction(restriction) : {};
  const serverProblems = serverFieldProblem(error, fields);
  const problem = (field: LoginRestrictionField) => problemText(clientProblems[field] ?? serverProblems[field]);

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(checkLoginRestriction(restriction)).length > 0) return;
    onSubmit(restriction);
  };

  return (
    <FormDialog title={title} onSubmit={submit} onClose={onClose} pending={pending} error={error} submitLabel={t('users.restriction.save')}>
      <FormControl>
        <FormLabel id={typeLabelId}>{t('users.restriction.type')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={typeLabelId}
          value={restriction.conditionType}
          onChange={(event) => set('conditionType', event.target.value === 'limited' ? 'limited' : 'unlimited')}
        >
          <FormControlLabel value="unlimited" control={<Radio />} label={t('users.restriction.unlimited')} />
          <FormControlLabel value="limited" control={<Radio />} label={t('users.restriction.limited')} />
        </RadioGroup>
      </FormControl>
      {restriction.conditionType === 'limited' && (
        <TextField
          label={t('users.restriction.dayCount')}
          type="number"
          value={restriction.conditionValue}
          onChange={(event) => set('conditionValue', event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 3650 } }}
          required
          error={Boolean(problem('conditionValue'))}
          helperText={problem('conditionValue') ?? t('users.restriction.dayCountHelp')}
        />
      )}
      <TextField
        label={t('users.restriction.allowedIps')}
        multiline
        minRows={3}
        value={restriction.allowedIps}
        onChange={(event) => set('allowedIps', event.target.value)}
        error={Boolean(problem('allowedIps'))}
        helperText={problem('allowedIps') ?? t('users.restriction.allowedIpsHelp')}
      />
    </FormDialog>
  );
}
