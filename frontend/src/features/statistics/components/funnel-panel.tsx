import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useFunnel } from '../api/get-funnel';
import { filtersKey, isRangeReversed } from '../lib/filters';
import { usePage } from '../lib/use-page';
import { funnelBys, type FunnelBy, type StatisticsFilters } from '../types';
import { FunnelChart } from './funnel-chart';
import { FunnelGrid } from './funnel-grid';
import { UnviewedDesigns } from './unviewed-designs';

type Props = {
  filters: StatisticsFilters;
  by: FunnelBy;
  onByChange: (by: FunnelBy) => void;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
};

/**
 * The funnel tab: the totals from views to orders, the table per design or per company (`by`, in
 * the URL), and the designs nobody looked at in the period.
 */
export function FunnelPanel({ filters, by, onByChange, pageSize, onPageSizeChange }: Props) {
  const { t } = useTranslation('statistics');
  // The page belongs to the filters and the rows it was chosen under.
  const [page, setPage] = usePage(`${by} ${filtersKey(filters)}`);
  // A custom range that ends before it starts is not asked for: the filter bar says what to fix.
  const valid = !isRangeReversed(filters);
  const funnel = useFunnel({ by, filters, page, pageSize }, valid);

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <ErrorAlert error={funnel.error} onRetry={() => void funnel.refetch()} />
      <FunnelChart totals={funnel.data?.totals} loading={funnel.isFetching} />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={by}
        onChange={(_event, next: FunnelBy | null) => {
          if (next) onByChange(next);
        }}
        aria-label={t('funnel.by.label')}
        data-testid="statistics-funnel-by"
        sx={{ alignSelf: 'flex-start' }}
      >
        {funnelBys.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 1.5, textTransform: 'none' }}>
            {t(`funnel.by.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack spacing={1}>
        <FunnelGrid
          by={by}
          data={funnel.data}
          loading={funnel.isFetching}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={onPageSizeChange}
        />
        {filters.userGuid && (
          <Typography role="note" variant="body2" color="text.secondary" data-testid="statistics-funnel-orders-note">
            {t('funnel.ordersNote')}
          </Typography>
        )}
      </Stack>
      <UnviewedDesigns filters={filters} enabled={valid} />
    </Stack>
  );
}
