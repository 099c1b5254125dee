import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useParameterName } from '@/lib/parameter-names';
import type { DesignFields } from '@/types/reference';
import { useCustomerDesignFields } from '../api/get-customer-design-fields';
import { useSaveCustomerDesignFields } from '../api/save-customer-design-fields';
import { fieldSwitches, isOn, normalised, sameFields, withSwitch, type FieldSwitch } from '../lib/design-field-switches';

/** "What customers see": which design fields customers see and may search by (the parameters by their configured names). */
export function DesignFieldsSection() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const showError = useErrorToast();
  const parameterName = useParameterName();
  const current = useCustomerDesignFields();
  const save = useSaveCustomerDesignFields();
  // The edits not saved yet; null shows what the server holds.
  const [draft, setDraft] = useState<DesignFields | null>(null);
  const saved = current.data ? normalised(current.data) : null;
  const shown = draft ?? saved;
  const changed = Boolean(draft && saved && !sameFields(draft, saved));

  const label = (item: FieldSwitch) => (item.kind === 'field' ? t(`designFields.fields.${item.field}`) : parameterName(item.index));
  const submit = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast(t('designFields.saved'), 'success');
      },
      onError: showError,
    });
  };

  return (
    <Stack component="section" aria-labelledby="design-fields-title" spacing={1.5} sx={{ maxWidth: 720 }} data-testid="design-fields-settings">
      <Typography id="design-fields-title" variant="h2">
        {t('designFields.title')}
      </Typography>
      <Typography color="text.secondary">{t('designFields.intro')}</Typography>
      {current.isPending && <LinearProgress aria-label={t('designFields.loading')} />}
      <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />
      {shown && (
        <>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {fieldSwitches.map((item) => (
              <FormControlLabel
                key={item.id}
                label={label(item)}
                control={
                  <Switch
                    checked={isOn(shown, item)}
                    onChange={(event) => setDraft(withSwitch(shown, item, event.target.checked))}
                    disabled={save.isPending}
                    slotProps={{ input: { 'data-field': item.id } as object }}
                  />
                }
              />
            ))}
          </FormGroup>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={submit} disabled={!changed} loading={save.isPending} data-testid="save-design-fields">
              {t('designFields.save')}
            </Button>
            <Button onClick={() => setDraft(null)} disabled={!changed || save.isPending}>
              {t('designFields.reset')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
