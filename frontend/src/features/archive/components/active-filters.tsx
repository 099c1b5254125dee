import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useArchives } from '@/api/reference/get-archives';
import { useCollections } from '@/api/reference/get-collections';
import { useCustomerOptions } from '@/api/reference/get-customer-options';
import { useLabels } from '@/api/reference/get-labels';
import { useSpecialLists } from '@/api/reference/get-special-lists';
import { useParameterName } from '@/lib/parameter-names';
import { collectionLabel } from '../lib/collection-options';
import { ALL_ARCHIVES, type FilterKey, type SearchFilters } from '../lib/search-filters';

type Props = {
  filters: SearchFilters;
  /** The filters set (activeFilterKeys, with the search's defaults), in chip order. */
  active: readonly FilterKey[];
  onRemove: (key: FilterKey) => void;
};

/** What the search is limited by: one removable chip per filter (nothing when no filter is set). */
export function ActiveFilters({ filters, active, onRemove }: Props) {
  const { t } = useTranslation(['search', 'archive']);
  const labels = useLabels();
  const archives = useArchives();
  const customers = useCustomerOptions();
  const parameterName = useParameterName();
  // Named from the server's lists, read only once such a filter is set.
  const specialLists = useSpecialLists({ enabled: filters.specialList !== 0 });
  const collections = useCollections({ enabled: filters.collection !== 0 });

  const labelName = (id: number) => labels.data?.find((label) => label.id === id)?.label ?? `#${id}`;
  const value = (key: FilterKey): string => {
    switch (key) {
      case 'labels':
        return `${filters.labels.map(labelName).join(', ')} (${t(`filters.labelMode.${filters.labelMode}`)})`;
      case 'color':
        return `${filters.color.toUpperCase()} · ΔE ${filters.colorDistance}`;
      case 'moldState':
        return filters.moldState ? t(`filters.screenStatuses.${filters.moldState}`) : '';
      case 'channelCounts':
        return filters.channelCounts.join(', ');
      case 'designType':
        return filters.designType ? t(`filters.types.${filters.designType}`) : '';
      case 'customer':
        return customers.data?.find((customer) => customer.customerGuid === filters.customer)?.customerName ?? filters.customer;
      case 'date': {
        const range = filters.dateFrom || filters.dateTo ? `${filters.dateFrom || '…'} – ${filters.dateTo || '…'}` : t(`filters.dateRanges.${filters.dateRange}`);
        return `${t(`filters.dateFields.${filters.dateField}`)}: ${range}`;
      }
      case 'archive':
        // Every archive is a choice of its own where the studio opens the search on one.
        if (filters.archive === ALL_ARCHIVES) return t('filters.allArchives');
        return archives.data?.find((archive) => archive.archiveId === filters.archive)?.archiveName ?? `#${filters.archive}`;
      case 'confined':
        return filters.confined ? t(`filters.confinedStates.${filters.confined}`) : '';
      case 'specialList':
        return specialLists.data?.find((list) => list.id === filters.specialList)?.name ?? `#${filters.specialList}`;
      case 'collection':
        return collectionLabel(collections.data ?? [], filters.collection) ?? `#${filters.collection}`;
      case 'owned':
        return '';
      case 'similar':
        return filters.similar.startsWith('c:') ? t('chips.similarColorway') : t('chips.similarPicture');
      default:
        return filters[key];
    }
  };
  // The two searchable parameters go by the names the studio gave them.
  const name = (key: FilterKey) => (key === 'dp0' ? parameterName(0) : key === 'dp1' ? parameterName(1) : t(`chips.${key}`));
  if (active.length === 0) return null;

  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}
      role="group"
      aria-label={t('chips.title')}
      data-testid="active-filters"
    >
      {active.map((key) => {
        const text = value(key);
        const label = text ? t('chips.value', { name: name(key), value: text }) : name(key);
        return (
          <Chip
            key={key}
            size="small"
            label={label}
            title={label}
            onDelete={() => onRemove(key)}
            data-testid="filter-chip"
            data-filter={key}
            icon={key === 'color' ? <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: filters.color, border: 1, borderColor: 'divider' }} /> : undefined}
            sx={{ maxWidth: 320 }}
          />
        );
      })}
    </Box>
  );
}
