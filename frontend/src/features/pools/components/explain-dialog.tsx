import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { UserPicker } from '@/components/user-picker';
import { useParameterName } from '@/lib/parameter-names';
import { useExplainVisibility } from '../api/explain-visibility';
import { criteriaFields, explainRules, type CriteriaField, type Explanation, type ExplainRule, type UserOption } from '../types';

const isRule = (rule: string): rule is ExplainRule => (explainRules as readonly string[]).includes(rule);
const isField = (field: string): field is CriteriaField => (criteriaFields as readonly string[]).includes(field);

/** A failing criterion as a readable reason; `dp0`…`dp9` are the dynamic parameters, named as the studio named them. */
function reason(t: TFunction<'pools'>, field: string, parameterName: (index: number) => string): string {
  if (isField(field)) return t(`explain.fields.${field}`);
  const parameter = /^dp(\d)$/.exec(field);
  return parameter ? t('explain.dynamicParameter', { name: parameterName(Number(parameter[1])) }) : field;
}

function ExplanationText({ explanation, asked }: { explanation: Explanation; asked: string }) {
  const { t } = useTranslation('pools');
  const parameterName = useParameterName();
  // No design found: the server names none, so the heading names the number the admin typed.
  const values = { pool: explanation.poolName ?? '', design: explanation.designNumber ?? asked.trim() };
  return (
    <Alert severity={explanation.visible ? 'success' : 'warning'} data-testid="explanation">
      <Typography sx={{ fontWeight: 600 }}>{t(explanation.visible ? 'explain.visible' : 'explain.hidden', values)}</Typography>
      <Typography>{isRule(explanation.rule) ? t(`explain.rules.${explanation.rule}`, values) : explanation.rule}</Typography>
      {explanation.searches.length > 0 && (
        <ul>
          {explanation.searches.map((search) => (
            <li key={search.index}>
              {search.admits
                ? t('explain.searchAdmits', { index: search.index + 1 })
                : t('explain.searchFails', {
                    index: search.index + 1,
                    fields: search.failing.map((field) => reason(t, field, parameterName)).join('; '),
                  })}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

type Props = { initialUser: UserOption | null; onClose: () => void };

/** "Why can this user see this design?": a user, a design number, and the rule that decides. */
export function ExplainDialog({ initialUser, onClose }: Props) {
  const { t } = useTranslation(['pools', 'common']);
  const titleId = useId();
  const explain = useExplainVisibility();
  const [user, setUser] = useState<UserOption | null>(initialUser);
  const [designNumber, setDesignNumber] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user && designNumber.trim()) explain.mutate({ userGuid: user.userGuid, designNumber });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('pools:explain.title')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="explain-form" onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
          <UserPicker value={user} onChange={setUser} field={{ label: t('pools:userPicker.label') }} />
          <TextField label={t('pools:explain.designNumber')} value={designNumber} onChange={(event) => setDesignNumber(event.target.value)} />
          <ErrorAlert error={explain.error} />
          {explain.data && <ExplanationText explanation={explain.data} asked={explain.variables?.designNumber ?? ''} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button type="submit" form="explain-form" variant="contained" disabled={!user || !designNumber.trim()} loading={explain.isPending}>
          {t('pools:explain.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
