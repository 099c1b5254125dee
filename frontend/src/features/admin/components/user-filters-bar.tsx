import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { hasUserFilters } from '../lib/user-filters';
import { inactiveDayChoices, isUserStatus, userStatuses, type UserFilters } from '../types';
import { CustomerSelect, NativeSelect, PoolSelect } from './user-fields';

const DEFAULT_INACTIVE_DAYS = 90;

type Props = { filters: UserFilters; onChange: (filters: UserFilters) => void; onClear: () => void };

/** Search, status, pool and customer filters, the "inactive users" view, and "clear all filters". */
export function UserFiltersBar({ filters, onChange, onClear }: Props) {
  const { t } = useTranslation('admin');
  const set = <K extends keyof UserFilters>(field: K, value: UserFilters[K]) => onChange({ ...filters, [field]: value });
  // One toolbar row on a desktop; on narrow screens the fields wrap two or one to a line. The
  // theme makes text fields full width: here each takes its share of the row instead.
  const field = { size: 'small', margin: 'none', fullWidth: false } as const;
  const filterSx = { flex: '1 1 140px', minWidth: 130, maxWidth: { md: 220 } };

  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1.5 }} data-testid="user-filters">
      <TextField
        {...field}
        type="search"
        label={t('users.search')}
        value={filters.query}
        onChange={(event) => set('query', event.target.value)}
        sx={{ flex: '2 1 240px', minWidth: 200, maxWidth: { md: 360 } }}
      />
      <NativeSelect {...field} label={t('users.filters.status')} value={filters.status} onChange={(value) => set('status', isUserStatus(value) ? value : '')} sx={filterSx}>
        <option value="">{t('users.filters.allStatuses')}</option>
        {userStatuses.map((status) => (
          <option key={status} value={status}>
            {t(`users.status.${status}`)}
          </option>
        ))}
      </NativeSelect>
      <PoolSelect {...field} label={t('users.filters.pool')} emptyLabel={t('users.filters.allPools')} value={filters.poolGuid} onChange={(value) => set('poolGuid', value)} sx={filterSx} />
      <CustomerSelect
        {...field}
        label={t('users.filters.customer')}
        emptyLabel={t('users.filters.allCustomers')}
        value={filters.customerGuid}
        onChange={(value) => set('customerGuid', value)}
        sx={filterSx}
      />
      <FormControlLabel
        control={<Switch checked={filters.inactiveDays !== null} onChange={(event) => set('inactiveDays', event.target.checked ? DEFAULT_INACTIVE_DAYS : null)} />}
        label={t('users.filters.inactive')}
        sx={{ mr: 0, whiteSpace: 'nowrap' }}
      />
      {filters.inactiveDays !== null && (
        <NativeSelect {...field} label={t('users.filters.inactiveDays')} value={String(filters.inactiveDays)} onChange={(value) => set('inactiveDays', Number(value))} sx={{ flex: '0 1 160px', minWidth: 140 }}>
          {inactiveDayChoices.map((days) => (
            <option key={days} value={days}>
              {t('users.filters.days', { count: days })}
            </option>
          ))}
        </NativeSelect>
      )}
      <Button onClick={onClear} disabled={!hasUserFilters(filters)} sx={{ whiteSpace: 'nowrap' }}>
        {t('users.filters.clear')}
      </Button>
    </Stack>
  );
}
