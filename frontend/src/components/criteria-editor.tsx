import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminArchives } from '@/api/reference/get-admin-archives';
import { useAdminLabels } from '@/api/reference/get-admin-labels';
import { useCustomerOptions } from '@/api/reference/get-customer-options';
import type { Label } from '@/types/design';
import type { PoolCriteria } from '@/types/pool';
import type { CustomerOption } from '@/types/reference';
import { PARAMETER_COUNT, useParameterName } from '@/lib/parameter-names';
import { numberList, screenStatuses } from '@/lib/pool-criteria';

/**
 * `criteria` may carry more than the form edits (a smart group's `resultsPerPage`, the dynamic
 * parameters a stored search holds): every change keeps it.
 */
type Props<C extends PoolCriteria> = { criteria: C; onChange: (criteria: C) => void };

/** A list of whole numbers typed as text ("2, 3"); the text is kept while typing. */
function NumberListField({ label, value, onChange, helperText }: { label: string; value: number[]; onChange: (value: number[]) => void; helperText?: string }) {
  const [text, setText] = useState(value.join(', '));
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      helperText={helperText}
      onChange={(event) => {
        setText(event.target.value);
        onChange(numberList(event.target.value));
      }}
    />
  );
}

/**
 * The spec's pool search criteria; dp0–dp9 are not applicable (spec section 5). Edits a pool's
 * searches (the pools screen) and a smart group's search (the collections admin). Mount one per
 * search (key).
 */
export function CriteriaEditor<C extends PoolCriteria>({ criteria, onChange }: Props<C>) {
  const { t } = useTranslation('poolCriteria');
  const labels = useAdminLabels();
  const archives = useAdminArchives();
  const customers = useCustomerOptions();
  const parameterName = useParameterName();
  const set = <K extends keyof PoolCriteria>(field: K, value: PoolCriteria[K]) => onChange({ ...criteria, [field]: value });
  const labelOptions = (labels.data ?? []).filter((label) => !label.isGroupHeader);
  const labelById = new Map(labelOptions.map((label) => [label.id, label]));
  const customerById = new Map((customers.data ?? []).map((customer) => [customer.customerGuid, customer]));
  const labelsOf = (ids: number[]): Label[] => ids.map((id) => labelById.get(id) ?? { id, label: `#${id}`, labelSef: '', groupId: null, isGroupHeader: false });
  const customersOf = (ids: string[]): CustomerOption[] => ids.map((id) => customerById.get(id) ?? { customerGuid: id, customerName: id });

  const labelPicker = (field: 'allowedLabels' | 'forbiddenLabels') => (
    <Autocomplete
      multiple
      size="small"
      options={labelOptions}
      value={labelsOf(criteria[field])}
      getOptionLabel={(label) => label.label}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      filterSelectedOptions
      onChange={(_event, next) => set(field, next.map((label) => label.id))}
      renderInput={(params) => <TextField {...params} label={t(field)} />}
    />
  );
  const customerPicker = (field: 'allowedCustomers' | 'forbiddenCustomers') => (
    <Autocomplete
      multiple
      size="small"
      options={customers.data ?? []}
      value={customersOf(criteria[field])}
      getOptionLabel={(customer) => customer.customerName}
      isOptionEqualToValue={(option, other) => option.customerGuid === other.customerGuid}
      filterSelectedOptions
      onChange={(_event, next) => set(field, next.map((customer) => customer.customerGuid))}
      renderInput={(params) => <TextField {...params} label={t(field)} />}
    />
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField size="small" label={t('designNumber')} helperText={t('designNumberHelp')} value={criteria.designNumber} onChange={(event) => set('designNumber', event.target.value)} sx={{ flex: 1 }} />
        <TextField
          select
          size="small"
          label={t('allowedArchive')}
          value={criteria.allowedArchive === null ? '' : String(criteria.allowedArchive)}
          onChange={(event) => set('allowedArchive', event.target.value === '' ? null : Number(event.target.value))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        >
          <option value="">{t('allArchives')}</option>
          {archives.data?.map((archive) => (
            <option key={archive.archiveId} value={archive.archiveId}>
              {archive.archiveName}
            </option>
          ))}
        </TextField>
      </Stack>
      <div>
        <FormLabel component="legend">{t('allowedScreenStatus')}</FormLabel>
        <FormGroup row>
          {screenStatuses.map((status) => (
            <FormControlLabel
              key={status}
              label={t(`screenStatus.${status}`)}
              control={
                <Checkbox
                  size="small"
                  checked={criteria.allowedScreenStatus.includes(status)}
                  onChange={(event) =>
                    set('allowedScreenStatus', event.target.checked ? [...criteria.allowedScreenStatus, status] : criteria.allowedScreenStatus.filter((s) => s !== status))
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </div>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberListField label={t('allowedScreenCounts')} helperText={t('listHelp')} value={criteria.allowedScreenCounts} onChange={(value) => set('allowedScreenCounts', value)} />
        <NumberListField label={t('allowedYears')} helperText={t('listHelp')} value={criteria.allowedYears} onChange={(value) => set('allowedYears', value)} />
      </Stack>
      {labelPicker('allowedLabels')}
      {labelPicker('forbiddenLabels')}
      {customerPicker('allowedCustomers')}
      {customerPicker('forbiddenCustomers')}
      <FormGroup>
        {(['allowOwnDesigns', 'allowConfinedDesigns', 'allowUnlabeledDesigns'] as const).map((field) => (
          <FormControlLabel key={field} control={<Switch checked={criteria[field]} onChange={(event) => set(field, event.target.checked)} />} label={t(field)} />
        ))}
      </FormGroup>
      <Alert severity="info" variant="outlined">
        {t('dynamicNotApplicable', { names: Array.from({ length: PARAMETER_COUNT }, (_, index) => parameterName(index)).join(', ') })}
      </Alert>
    </Stack>
  );
}
