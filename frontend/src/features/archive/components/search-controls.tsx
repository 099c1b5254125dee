import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { FilterIcon } from '@/components/icons/filter-icon';
import { SearchIcon } from '@/components/icons/search-icon';
import { OutlinedNativeSelect } from '@/components/outlined-fields';
import { sortOrders, type LabelMode, type SearchFilters, type SortOrder } from '../lib/search-filters';
import { ColorFilter } from './color-filter';
import { DebouncedTextField } from './debounced-text-field';
import type { FilterChange } from './filter-drawer';
import { LabelFilter } from './label-filter';
import { PictureFilter } from './picture-filter';
import { SettingsMenu } from './settings-menu';

export { ActiveFilters } from './active-filters';

type SearchBarProps = {
  filters: SearchFilters;
  onChange: FilterChange;
  onLabelModeChange: (mode: LabelMode) => void;
  /** How many filters the drawer holds set (its button's badge). */
  drawerCount: number;
  onOpenDrawer: () => void;
  /** Nothing to clear: the button is off. */
  clearDisabled: boolean;
  onClear: () => void;
  onInfiniteChange: () => void;
};

/**
 * The controls of the archive's search bar: the design number, labels, colour and picture, the
 * drawer's button, clearing and the search settings. A chunk of its own (parts.ts): the results
 * paint without waiting for it, the bar's frame holding its place meanwhile.
 */
export function SearchBar({ filters, onChange, onLabelModeChange, drawerCount, onOpenDrawer, clearDisabled, onClear, onInfiniteChange }: SearchBarProps) {
  const { t } = useTranslation(['search', 'archive']);
  return (
    <>
      <DebouncedTextField
        type="search"
        size="small"
        margin="none"
        label={t('filters.number')}
        placeholder={t('filters.numberPlaceholder')}
        value={filters.number}
        onCommit={(number) => onChange({ number }, { typing: 'number' })}
        testId="filter-number"
        autoComplete="off"
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
        sx={{ flex: '1 1 180px', maxWidth: { sm: 240 } }}
      />
      <LabelFilter value={filters.labels} mode={filters.labelMode} onChange={(labels) => onChange({ labels })} onModeChange={onLabelModeChange} />
      <ColorFilter color={filters.color} distance={filters.colorDistance} onChange={(color, colorDistance) => onChange({ color, colorDistance })} />
      <PictureFilter value={filters.similar} onChange={(similar) => onChange({ similar })} />
      <Badge badgeContent={drawerCount} color="secondary" overlap="rectangular">
        <Button variant="outlined" color="inherit" startIcon={<FilterIcon />} onClick={onOpenDrawer} data-testid="more-filters" aria-haspopup="dialog">
          {t('filters.more')}
        </Button>
      </Badge>
      {/* "Clear filters" and the search settings stay together at the end, on one row on a phone too. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto', flexShrink: 0 }}>
        <Button color="inherit" onClick={onClear} disabled={clearDisabled} data-testid="clear-filters" sx={{ whiteSpace: 'nowrap' }}>
          {t('archive:filters.clear')}
        </Button>
        <SettingsMenu onInfiniteChange={onInfiniteChange} />
      </Box>
    </>
  );
}

/** The order of the results. */
export function SortSelect({ value, onChange }: { value: SortOrder; onChange: (order: SortOrder) => void }) {
  const { t } = useTranslation(['search', 'archive']);
  return (
    <OutlinedNativeSelect
      size="small"
      margin="none"
      label={t('sort.label')}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value) as SortOrder)}
      inputAttributes={{ 'data-testid': 'sort-select' }}
      // As wide as its longest option in the current language (a fixed width clipped Turkish and Russian), never wider than the row.
      sx={{ width: 'auto', maxWidth: '100%', flexShrink: 0, '& select': { width: 'auto' } }}
      fullWidth={false}
    >
      {sortOrders.map((order) => (
        <option key={order} value={String(order)}>
          {t(`sort.orders.${order}`)}
        </option>
      ))}
    </OutlinedNativeSelect>
  );
}
