import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { useTranslation } from 'react-i18next';
import { formatPeriod, formatPeriodLong } from '../lib/period';
import { useLocaleFormat } from '../lib/use-locale-format';
import type { ChartAnswer, EntryTab } from '../types';

const HEIGHT = 260;

type Props = { tab: EntryTab; answer: ChartAnswer | undefined; loading: boolean };

/** The tab's entries per day (ranges up to 92 days) or per month, as bars; empty periods stand at 0. */
export function TimeSeriesChart({ tab, answer, loading }: Props) {
  const { t } = useTranslation('statistics');
  const { locale, number } = useLocaleFormat();
  const theme = useTheme();
  const bucket = answer?.bucket ?? 'day';
  const points = answer?.points ?? [];
  return (
    <Box component="section" aria-label={t('chart.label', { tab: t(`tabs.${tab}`) })} data-testid="statistics-time-chart" sx={{ flex: '2 1 0', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t(bucket === 'month' ? 'chart.perMonth' : 'chart.perDay')}
      </Typography>
      <ChartsLocalizationProvider localeText={{ loading: t('chart.loading'), noData: t('chart.empty') }}>
        <BarChart
          height={HEIGHT}
          loading={loading && !answer}
          hideLegend
          xAxis={[
            {
              scaleType: 'band',
              data: points.map((point) => point.period),
              valueFormatter: (period: string, context) => (context.location === 'tick' ? formatPeriod(period, bucket, locale) : formatPeriodLong(period, bucket, locale)),
            },
          ]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => number(value) }]}
          series={[{ data: points.map((point) => point.count), label: t('chart.series'), color: theme.palette.primary.main, valueFormatter: (value) => (value === null ? '' : number(value)) }]}
        />
      </ChartsLocalizationProvider>
    </Box>
  );
}
