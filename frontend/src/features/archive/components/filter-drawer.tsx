import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useArchives } from '@/api/reference/get-archives';
import { useCollections } from '@/api/reference/get-collections';
import { useSpecialLists } from '@/api/reference/get-special-lists';
import { CustomerPicker } from '@/components/customer-picker';
import { useParameterName } from '@/lib/parameter-names';
import { formatCount } from '@/lib/format';
import {
  ALL_ARCHIVES,
  channelCountOptions,
  confinedStates,
  dateFields,
  dateRangePresets,
  designTypes,
  isIsoDate,
  restrictedFilters,
  screenStatuses,
  type Confined,
  type DateField,
  type DateRangePreset,
  type RestrictedFilter,
  type SearchFilters,
} from '../lib/search-filters';
import { collectionOptions } from '../lib/collection-options';
import type { DesignType, ScreenStatus } from '../types';
import { DebouncedTextField } from './debounced-text-field';
import { CloseIcon } from '@/components/icons/close-icon';

export type FilterChange = (patch: Partial<SearchFilters>, options?: { typing?: string }) => void;

type Props = {
  open: boolean;
  onClose: () => void;
  filters: SearchFilters;
  onChange: FilterChange;
  onClear: () => void;
  activeCount: number;
  resultCount: number | undefined;
  /** The text filters on fields hidden from the viewer: not offered. */
  hidden: readonly RestrictedFilter[];
};

const CUSTOM_RANGE = 'custom';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

/** A native select with a label: compact, keyboard friendly and fast with long lists. */
function SelectField({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      margin="none"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

/** An id the URL names that the list does not hold (deleted, or not visible any more): still shown as chosen. */
function UnknownOption({ id, known }: { id: number; known: boolean }) {
  return id !== 0 && !known ? <option value={String(id)}>{`#${id}`}</option> : null;
}

/** No-break spaces: a native <option> keeps them, so a sub-collection reads indented under its collection. */
const INDENT = '\u00a0\u00a0\u00a0\u00a0';

/** The special lists and the collections the studio made (server data, named in the user's language). */
function ListFilters({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const { t } = useTranslation(['search', 'archive']);
  const specialLists = useSpecialLists();
  const collections = useCollections();
  const options = collectionOptions(collections.data ?? []);
  return (
    <>
      <SelectField
        label={t('filters.specialList')}
        value={String(filters.specialList)}
        onChange={(value) => onChange({ specialList: Number(value) })}
        testId="filter-special-list"
      >
        <option value="0">{t('filters.noSpecialList')}</option>
        {(specialLists.data ?? []).map((list) => (
          <option key={list.id} value={String(list.id)}>
            {list.name}
          </option>
        ))}
        <UnknownOption id={filters.specialList} known={Boolean(specialLists.data?.some((list) => list.id === filters.specialList))} />
      </SelectField>
      <SelectField label={t('filters.collection')} value={String(filters.collection)} onChange={(value) => onChange({ collection: Number(value) })} testId="filter-collection">
        <option value="0">{t('filters.noCollection')}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)} data-depth={option.depth}>
            {option.depth === 1 ? `${INDENT}${option.name}` : option.name}
          </option>
        ))}
        <UnknownOption id={filters.collection} known={options.some((option) => option.id === filters.collection)} />
      </SelectField>
    </>
  );
}

/** Every filter that does not fit the bar, applied as soon as it changes. */
export function FilterDrawer({ open, onClose, filters, onChange, onClear, activeCount, resultCount, hidden }: Props) {
  const { t, i18n } = useTranslation(['search', 'archive']);
  const archives = useArchives();
  const parameterName = useParameterName();
  const customDates = Boolean(filters.dateFrom || filters.dateTo);
  const any = <option value="">{t('filters.any')}</option>;

  const shown = (key: RestrictedFilter) => !hidden.includes(key);
  // The two searchable parameters go by the names the studio gave them.
  const label = (key: RestrictedFilter) => (key === 'dp0' ? parameterName(0) : key === 'dp1' ? parameterName(1) : t(`filters.${key}`));
  const text = (key: RestrictedFilter) => (
    <DebouncedTextField
      size="small"
      margin="none"
      label={label(key)}
      value={filters[key]}
      onCommit={(value) => onChange({ [key]: value }, { typing: key })}
      testId={`filter-${key}`}
    />
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar (which sits above drawers for the admin menu): this one is a modal.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 380 } }, 'aria-labelledby': 'filter-drawer-title', role: 'dialog' } }}
      data-testid="filter-drawer"
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id="filter-drawer-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('filters.drawerTitle')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('filters.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 2, overflowY: 'auto', flex: 1 }}>
        <Section title={t('filters.sections.design')}>
          <SelectField label={t('filters.type')} value={filters.designType} onChange={(value) => onChange({ designType: value as DesignType | '' })} testId="filter-type">
            {any}
            {designTypes.map((type) => (
              <option key={type} value={type}>
                {t(`filters.types.${type}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('filters.screenStatus')}
            value={filters.moldState}
            onChange={(value) => onChange({ moldState: value as ScreenStatus | '' })}
            testId="filter-status"
          >
            {any}
            {screenStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`filters.screenStatuses.${status}`)}
              </option>
            ))}
          </SelectField>
          <Box>
            <Typography id="filter-screens-label" variant="body2" color="text.secondary" gutterBottom>
              {t('filters.screenCounts')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              value={filters.channelCounts}
              onChange={(_event, next: number[]) => onChange({ channelCounts: [...next].sort((a, b) => a - b) })}
              aria-labelledby="filter-screens-label"
              data-testid="filter-screens"
              sx={{ flexWrap: 'wrap' }}
            >
              {channelCountOptions.map((count) => (
                <ToggleButton key={count} value={count} sx={{ minWidth: 40 }}>
                  {count}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {t('filters.screenCountsHint')}
            </Typography>
          </Box>
          <SelectField label={t('filters.confined')} value={filters.confined} onChange={(value) => onChange({ confined: value as Confined | '' })} testId="filter-confined">
            {any}
            {confinedStates.map((state) => (
              <option key={state} value={state}>
                {t(`filters.confinedStates.${state}`)}
              </option>
            ))}
          </SelectField>
          <FormControlLabel
            control={<Switch checked={filters.owned} onChange={(event) => onChange({ owned: event.target.checked })} slotProps={{ input: { 'data-testid': 'filter-owned' } as object }} />}
            label={t('filters.owned')}
          />
        </Section>

        <Section title={t('filters.sections.dates')}>
          <SelectField
            label={t('filters.dateRange')}
            value={customDates ? CUSTOM_RANGE : String(filters.dateRange)}
            onChange={(value) => {
              if (value !== CUSTOM_RANGE) onChange({ dateRange: Number(value) as DateRangePreset, dateFrom: '', dateTo: '' });
            }}
            testId="filter-date-range"
          >
            {dateRangePresets.map((preset) => (
              <option key={preset} value={String(preset)}>
                {t(`filters.dateRanges.${preset}`)}
              </option>
            ))}
            {customDates && <option value={CUSTOM_RANGE}>{t('filters.customRange')}</option>}
          </SelectField>
          <Stack direction="row" spacing={1}>
            <TextField
              type="date"
              size="small"
              margin="none"
              label={t('filters.dateFrom')}
              value={filters.dateFrom}
              onChange={(event) => {
                const value = event.target.value;
                if (value === '' || isIsoDate(value)) onChange({ dateFrom: value, dateRange: 0 });
              }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-date-from', max: filters.dateTo || undefined } }}
            />
            <TextField
              type="date"
              size="small"
              margin="none"
              label={t('filters.dateTo')}
              value={filters.dateTo}
              onChange={(event) => {
                const value = event.target.value;
                if (value === '' || isIsoDate(value)) onChange({ dateTo: value, dateRange: 0 });
              }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-date-to', min: filters.dateFrom || undefined } }}
            />
          </Stack>
          <Box>
            <Typography id="filter-date-field-label" variant="body2" color="text.secondary" gutterBottom>
              {t('filters.dateField')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={filters.dateField}
              onChange={(_event, next: DateField | null) => {
                if (next) onChange({ dateField: next });
              }}
              aria-labelledby="filter-date-field-label"
              data-testid="filter-date-field"
            >
              {dateFields.map((field) => (
                <ToggleButton key={field} value={field} sx={{ textTransform: 'none' }}>
                  {t(`filters.dateFields.${field}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        </Section>

        <Section title={t('filters.sections.source')}>
          <SelectField label={t('filters.archive')} value={String(filters.archive)} onChange={(value) => onChange({ archive: Number(value) })} testId="filter-archive">
            <option value={String(ALL_ARCHIVES)}>{t('filters.allArchives')}</option>
            {(archives.data ?? []).map((archive) => (
              <option key={archive.archiveId} value={String(archive.archiveId)}>
                {archive.archiveName}
              </option>
            ))}
            {filters.archive !== ALL_ARCHIVES && !archives.data?.some((archive) => archive.archiveId === filters.archive) && (
              <option value={String(filters.archive)}>{`#${filters.archive}`}</option>
            )}
          </SelectField>
          <CustomerPicker
            value={filters.customer}
            onChange={(customer) => onChange({ customer })}
            // Customers the admin hid from the filter (former clients) are not offered.
            offered={(option) => option.visible !== false}
            testId="filter-customer"
            field={{ size: 'small', margin: 'none', label: t('filters.customer') }}
          />
        </Section>

        <Section title={t('filters.sections.lists')}>
          <ListFilters filters={filters} onChange={onChange} />
        </Section>

        {hidden.length < restrictedFilters.length && (
          <Section title={t('filters.sections.texts')}>
            {shown('studio') && text('studio')}
            {shown('originalName') && text('originalName')}
            {shown('note') && text('note')}
            {(shown('dp0') || shown('dp1')) && (
              <Stack direction="row" spacing={1}>
                {shown('dp0') && text('dp0')}
                {shown('dp1') && text('dp1')}
              </Stack>
            )}
          </Section>
        )}
      </Stack>
      <Divider />
      {/* Stacked full-width buttons: side by side, "Show 1,234 designs" and "Clear filters" wrapped in Russian. */}
      <Stack spacing={1} sx={{ p: 2 }}>
        <Button variant="contained" fullWidth onClick={onClose} data-testid="show-results" sx={{ whiteSpace: 'nowrap' }}>
          {resultCount === undefined ? t('filters.showResults') : t('filters.showCount', { count: resultCount, formatted: formatCount(resultCount, i18n.resolvedLanguage) })}
        </Button>
        <Button color="inherit" fullWidth onClick={onClear} disabled={activeCount === 0} data-testid="drawer-clear-filters" sx={{ whiteSpace: 'nowrap' }}>
          {t('archive:filters.clear')}
        </Button>
      </Stack>
    </Drawer>
  );
}
