import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '@/components/customer-picker';
import { UserPicker } from '@/components/user-picker';
import { emptyFilters, hasFilters, isIsoDate, isRangeReversed, rangeChoiceOf } from '../lib/filters';
import { dateRangePresets, type StatisticsFilters } from '../types';

/** `onChange` gets what changed only: the page lays it over the filters of the URL at that moment. */
type Props = { filters: StatisticsFilters; onChange: (patch: Partial<StatisticsFilters>) => void };

/** Company, user and date range: the filters every tab shares. */
export function StatisticsFiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation('statistics');
  const set = onChange;
  const reversed = isRangeReversed(filters);
  // One toolbar row on a desktop; on narrow screens the fields wrap. The theme makes text fields
  // full width: here each takes its share of the row instead.
  const field = { size: 'small', margin: 'none' } as const;
  const share = { flex: '1 1 200px', minWidth: 180, maxWidth: { md: 300 } };
  const dateField = (key: 'from' | 'to') => (
    <TextField
      {...field}
      fullWidth={false}
      type="date"
      label={t(`filters.${key}`)}
      value={filters[key]}
      error={reversed}
      helperText={reversed && key === 'from' ? t('filters.reversed') : undefined}
      onChange={(event) => {
        const value = event.target.value;
        if (value === '' || isIsoDate(value)) set(key === 'from' ? { from: value } : { to: value });
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: key === 'from' ? { max: filters.to || undefined } : { min: filters.from || undefined },
      }}
      sx={{ flex: '0 1 170px', minWidth: 150 }}
    />
  );

  return (
    <Stack
      role="search"
      aria-label={t('filters.label')}
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start', px: 2, py: 1.5 }}
      data-testid="statistics-filters"
    >
      <Box sx={share}>
        <CustomerPicker
          value={filters.companyGuid}
          onChange={(companyGuid) => set({ companyGuid })}
          noOptionsText={t('filters.noCompanies')}
          testId="statistics-company"
          field={{ ...field, label: t('filters.company') }}
        />
      </Box>
      <Box sx={share}>
        <UserPicker
          value={filters.userGuid ? { userGuid: filters.userGuid, name: filters.userName || filters.userGuid, email: '' } : null}
          onChange={(user) => set({ userGuid: user?.userGuid ?? '', userName: user?.name ?? '' })}
          customerGuid={filters.companyGuid || undefined}
          noOptionsText={t('filters.noUsers')}
          testId="statistics-user"
          field={{ ...field, label: t('filters.user') }}
        />
      </Box>
      <TextField
        {...field}
        fullWidth={false}
        select
        label={t('filters.dateRange')}
        value={String(filters.range)}
        onChange={(event) => set({ range: rangeChoiceOf(event.target.value), from: '', to: '' })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statistics-date-range' } }}
        sx={{ flex: '0 1 200px', minWidth: 170 }}
      >
        <option value="all">{t('filters.ranges.all')}</option>
        {dateRangePresets.map((preset) => (
          <option key={preset} value={String(preset)}>
            {t(`filters.ranges.${preset}`)}
          </option>
        ))}
        <option value="custom">{t('filters.ranges.custom')}</option>
      </TextField>
      {filters.range === 'custom' && (
        <>
          {dateField('from')}
          {dateField('to')}
        </>
      )}
      <Button onClick={() => onChange(emptyFilters)} disabled={!hasFilters(filters)} sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}>
        {t('filters.clear')}
      </Button>
    </Stack>
  );
}
