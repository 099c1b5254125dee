import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../lib/use-locale-format';
import type { StatisticsSummary } from '../types';

const figures = ['total', 'users', 'companies'] as const;

/** The whole selection's counts above the table: entries, distinct users, distinct companies. */
export function SummaryRow({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t } = useTranslation('statistics');
  const { number } = useLocaleFormat();
  return (
    <Box component="dl" role="group" aria-label={t('summary.label')} data-testid="statistics-summary" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
      {figures.map((figure) => (
        <Box key={figure} sx={{ minWidth: 120 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`summary.${figure}`)}
          </Typography>
          <Typography component="dd" variant="h2" sx={{ m: 0 }} data-testid={`statistics-summary-${figure}`}>
            {summary ? number(summary[figure]) : '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
