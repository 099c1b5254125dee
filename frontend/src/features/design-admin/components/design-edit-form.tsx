import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { useAdminLabels } from '@/api/reference/get-admin-labels';
import { CustomerPicker } from '@/components/customer-picker';
import { ChipsField } from '@/components/chips-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { countryCodes, countryLabel, isCountryCode } from '@/lib/countries';
import { useParameterName } from '@/lib/parameter-names';
import type { DesignHeader, Label } from '@/types/design';
import { useDeleteDesign } from '../api/delete-design';
import { useUpdateDesign } from '../api/update-design';
import { editFieldOf, editOf, repeatDirections, repeatOffsets, sameEdit, screenStatuses, type EditField } from '../lib/design-edit';
import type { DesignEdit } from '../types';
import { DesignFacts } from './design-facts';

type Props = {
  designGuid: string;
  header: DesignHeader;
  /** Asks to close (the dialog asks first when there are unsaved edits). */
  onClose: () => void;
  /** The design is gone: close without asking. */
  onDeleted: () => void;
  /** Told whether the fields differ from what was last loaded or saved. */
  onDirtyChange: (dirty: boolean) => void;
};

const FORM_ID = 'design-edit-form';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The design edit fields of the spec, sent as one PUT /design/header/{designGuid}. */
export function DesignEditForm({ designGuid, header, onClose, onDeleted, onDirtyChange }: Props) {
  const { t, i18n } = useTranslation(['designAdmin', 'errors']);
  const toast = useToast();
  const labels = useAdminLabels();
  const parameterName = useParameterName();
  const update = useUpdateDesign();
  const remove = useDeleteDesign();
  const [edit, setEdit] = useState<DesignEdit>(() => editOf(header));
  // What the server holds: the header the form opened with, then each saved edit.
  const [saved, setSaved] = useState<DesignEdit>(() => editOf(header));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const locale = i18n.resolvedLanguage;
  const dirty = !sameEdit(edit, saved);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const set = <K extends keyof DesignEdit>(field: K, value: DesignEdit[K]) => setEdit((current) => ({ ...current, [field]: value }));

  // The field the server named in its refusal, with the translated reason.
  const failure = isApiError(update.error) ? update.error : null;
  const failedField = editFieldOf(failure?.field);
  const fieldError = (field: EditField): string | undefined => {
    if (!failure || failedField !== field) return undefined;
    return failure.code === 'invalid_form' ? t('designAdmin:edit.fieldInvalid') : t(`errors:${failure.code}`);
  };

  const labelOptions = (labels.data ?? []).filter((label) => !label.isGroupHeader);
  const groupNames = new Map((labels.data ?? []).filter((label) => label.isGroupHeader).map((label) => [label.groupId ?? label.id, label.label]));
  const groupOf = (label: Label) => (label.groupId !== null && label.groupId !== undefined ? (groupNames.get(label.groupId) ?? '') : '');
  const sortedOptions = [...labelOptions].sort((a, b) => groupOf(a).localeCompare(groupOf(b)) || a.label.localeCompare(b.label));
  const known = new Map([...header.labels, ...labelOptions].map((label) => [label.id, label]));
  const selectedLabels = edit.labelIDs.map((id) => known.get(id)).filter((label): label is Label => label !== undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = edit;
    update.mutate(
      { designGuid, edit: sent },
      {
        onSuccess: () => {
          setSaved(sent);
          toast(t('designAdmin:edit.saved'), 'success');
        },
      },
    );
  };

  return (
    <>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' } }}>
          <Box component="form" id={FORM_ID} onSubmit={submit} noValidate aria-label={t('designAdmin:edit.formLabel')}>
            <ErrorAlert error={update.error} />

            <Section title={t('designAdmin:edit.sections.repeat')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  size="small"
                  margin="dense"
                  label={t('designAdmin:edit.fields.repeatOffset')}
                  value={edit.repeatOffset}
                  onChange={(event) => set('repeatOffset', event.target.value as DesignEdit['repeatOffset'])}
                  error={Boolean(fieldError('repeatOffset'))}
                  helperText={fieldError('repeatOffset')}
                  slotProps={{ select: { native: true }, htmlInput: { name: 'repeatOffset' } }}
                >
                  {repeatOffsets.map((offset) => (
                    <option key={offset} value={offset}>
                      {offset === 'none' || offset === 'custom' ? t(`designAdmin:edit.offsets.${offset}`) : offset}
                    </option>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  margin="dense"
                  label={t('designAdmin:edit.fields.repeatDirection')}
                  value={edit.repeatDirection}
                  onChange={(event) => set('repeatDirection', event.target.value as DesignEdit['repeatDirection'])}
                  error={Boolean(fieldError('repeatDirection'))}
                  helperText={fieldError('repeatDirection')}
                  slotProps={{ select: { native: true }, htmlInput: { name: 'repeatDirection' } }}
                >
                  {repeatDirections.map((direction) => (
                    <option key={direction} value={direction}>
                      {t(`designAdmin:edit.directions.${direction}`)}
                    </option>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  margin="dense"
                  type="number"
                  label={t('designAdmin:edit.fields.repeatOffsetCustomValue')}
                  value={edit.repeatOffsetCustomValue}
                  disabled={edit.repeatOffset !== 'custom'}
                  onChange={(event) => set('repeatOffsetCustomValue', event.target.value)}
                  error={Boolean(fieldError('repeatOffsetCustomValue'))}
                  helperText={fieldError('repeatOffsetCustomValue')}
                  slotProps={{ htmlInput: { name: 'repeatOffsetCustomValue', min: 0, step: 'any' } }}
                />
              </Stack>
            </Section>

            <Section title={t('designAdmin:edit.sections.status')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <TextField
                  select
                  size="small"
                  margin="dense"
                  label={t('designAdmin:edit.fields.screenStatus')}
                  value={edit.screenStatus}
                  onChange={(event) => set('screenStatus', event.target.value as DesignEdit['screenStatus'])}
                  error={Boolean(fieldError('screenStatus'))}
                  helperText={fieldError('screenStatus')}
                  slotProps={{ select: { native: true }, htmlInput: { name: 'screenStatus' } }}
                >
                  {screenStatuses.map((status) => (
                    <option key={status} value={status}>
                      {t(`designAdmin:edit.screenStatuses.${status}`)}
                    </option>
                  ))}
                </TextField>
                <FormControlLabel
                  control={<Switch checked={edit.isConfined} onChange={(event) => set('isConfined', event.target.checked)} name="isConfined" />}
                  label={t('designAdmin:edit.fields.isConfined')}
                  sx={{ flexShrink: 0 }}
                />
                <FormControlLabel
                  control={<Switch checked={edit.ownedExtra} onChange={(event) => set('ownedExtra', event.target.checked)} name="ownedExtra" />}
                  label={t('designAdmin:edit.fields.ownedExtra')}
                  sx={{ flexShrink: 0 }}
                />
              </Stack>
              <CustomerPicker
                value={edit.customerId}
                onChange={(customerGuid) => set('customerId', customerGuid)}
                // A customer the list does not hold (yet) keeps the name the header gave.
                knownName={header.customer?.customerGuid === edit.customerId ? header.customer.customerName : undefined}
                noOptionsText={t('designAdmin:edit.noCustomers')}
                testId="design-customer"
                maxWidth={420}
                field={{
                  size: 'small',
                  margin: 'dense',
                  name: 'customerId',
                  label: t('designAdmin:edit.fields.customerId'),
                  error: Boolean(fieldError('customerId')),
                  helperText: fieldError('customerId') ?? t('designAdmin:edit.customerHint'),
                }}
              />
              {edit.isConfined && !edit.customerId.trim() && !fieldError('customerId') && (
                <Typography variant="body2" color="warning.main">
                  {t('designAdmin:edit.confinedHint')}
                </Typography>
              )}
            </Section>

            <Section title={t('designAdmin:edit.sections.texts')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  size="small"
                  margin="dense"
                  label={t('designAdmin:edit.fields.originalName')}
                  value={edit.originalName}
                  onChange={(event) => set('originalName', event.target.value)}
                  error={Boolean(fieldError('originalName'))}
                  helperText={fieldError('originalName')}
                  slotProps={{ htmlInput: { name: 'originalName' } }}
                />
                <TextField
                  size="small"
                  margin="dense"
                  label={t('designAdmin:edit.fields.studio')}
                  value={edit.studio}
                  onChange={(event) => set('studio', event.target.value)}
                  error={Boolean(fieldError('studio'))}
                  helperText={fieldError('studio')}
                  slotProps={{ htmlInput: { name: 'studio' } }}
                />
              </Stack>
              <TextField
                size="small"
                margin="dense"
                multiline
                minRows={2}
                label={t('designAdmin:edit.fields.notes')}
                value={edit.notes}
                onChange={(event) => set('notes', event.target.value)}
                error={Boolean(fieldError('notes'))}
                helperText={fieldError('notes')}
                slotProps={{ htmlInput: { name: 'notes' } }}
              />
            </Section>

            <Section title={t('designAdmin:edit.sections.labels')}>
              <Autocomplete
                multiple
                options={sortedOptions}
                value={selectedLabels}
                loading={labels.isPending}
                groupBy={groupNames.size > 0 ? groupOf : undefined}
                getOptionLabel={(label) => label.label}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                onChange={(_event, value) => set('labelIDs', value.map((label) => label.id))}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    margin="dense"
                    label={t('designAdmin:edit.fields.labels')}
                    error={Boolean(fieldError('labelIDs'))}
                    helperText={fieldError('labelIDs')}
                  />
                )}
              />
              <ChipsField
                label={t('designAdmin:edit.fields.closedCountries')}
                options={countryCodes}
                value={edit.closedCountries}
                getOptionLabel={(code) => countryLabel(code, locale)}
                normalise={(code) => {
                  const upper = code.trim().toUpperCase();
                  return isCountryCode(upper) ? upper : null;
                }}
                onChange={(codes) => set('closedCountries', codes)}
                error={fieldError('closedCountries')}
                helperText={t('designAdmin:edit.closedCountriesHint')}
                margin="dense"
              />
            </Section>

            <Section title={t('designAdmin:edit.sections.parameters')}>
              <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' } }}>
                {edit.dynamicParameters.map((value, index) => (
                  <TextField
                    key={index}
                    size="small"
                    margin="dense"
                    label={parameterName(index)}
                    value={value}
                    onChange={(event) =>
                      set(
                        'dynamicParameters',
                        edit.dynamicParameters.map((other, at) => (at === index ? event.target.value : other)),
                      )
                    }
                    error={Boolean(fieldError('dynamicParameters'))}
                    slotProps={{ htmlInput: { name: `dp${index}` } }}
                  />
                ))}
              </Box>
              {fieldError('dynamicParameters') && (
                <Typography variant="caption" color="error">
                  {fieldError('dynamicParameters')}
                </Typography>
              )}
            </Section>

          </Box>
          <DesignFacts header={header} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Button color="error" onClick={() => setConfirmDelete(true)} disabled={update.isPending}>
          {t('designAdmin:edit.delete')}
        </Button>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{t('designAdmin:edit.close')}</Button>
          <Button type="submit" form={FORM_ID} variant="contained" loading={update.isPending}>
            {t('designAdmin:edit.save')}
          </Button>
        </Stack>
      </DialogActions>
      <ConfirmDialog
        open={confirmDelete}
        title={t('designAdmin:edit.deleteTitle', { name: header.designName })}
        confirmLabel={t('designAdmin:edit.delete')}
        destructive
        pending={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(designGuid, {
            onSuccess: () => {
              toast(t('designAdmin:edit.deleted', { name: header.designName }), 'success');
              setConfirmDelete(false);
              onDeleted();
            },
          })
        }
      >
        {t('designAdmin:edit.deleteBody', { name: header.designName, count: header.colorways.length })}
        <ErrorAlert error={remove.error} />
      </ConfirmDialog>
    </>
  );
}
