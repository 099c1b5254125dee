import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare } from '@/lib/format';
import { funnelStages } from '../lib/funnel';
import { useLocaleFormat } from '../lib/use-locale-format';
import type { FunnelCounts } from '../types';

const zero: FunnelCounts = { views: 0, favorites: 0, cadDownloads: 0, orders: 0 };

/**
 * The funnel's totals, views → favorites → CAD downloads → orders: one centred bar per step, as wide
 * as its count beside the largest, with the count and its share of the step before written out
 * (the bars are decoration; the list reads the same without them).
 */
export function FunnelChart({ totals, loading }: { totals: FunnelCounts | undefined; loading: boolean }) {
  const { t } = useTranslation('statistics');
  const { locale, number } = useLocaleFormat();
  const theme = useTheme();
  const titleId = useId();
  const stages = funnelStages(totals ?? zero);
  const largest = Math.max(1, ...stages.map((stage) => stage.count));

  return (
    <Box component="section" aria-labelledby={titleId} aria-busy={loading} data-testid="statistics-funnel">
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('funnel.title')}
      </Typography>
      <Box component="ol" aria-label={t('funnel.list')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {stages.map((stage, index) => (
          <Box
            component="li"
            key={stage.step}
            data-testid={`statistics-funnel-${stage.step}`}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr 13rem' }, alignItems: 'center', columnGap: 2 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t(`funnel.steps.${stage.step}`)}
            </Typography>
            <Box aria-hidden sx={{ display: 'flex', justifyContent: 'center', height: 32 }}>
              <Box
                sx={{
                  // A sliver for an empty step: the step is there, with nothing in it.
                  width: `max(4px, ${(stage.count / largest) * 100}%)`,
                  bgcolor: alpha(theme.palette.primary.main, 1 - index * 0.2),
                  borderRadius: 1,
                  transition: theme.transitions.create('width'),
                }}
              />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h3" component="span" data-testid={`statistics-funnel-${stage.step}-count`}>
                {totals ? number(stage.count) : '—'}
              </Typography>
              {totals && stage.previous && stage.share !== null && (
                <Typography variant="body2" component="span" color="text.secondary" data-testid={`statistics-funnel-${stage.step}-share`}>
                  {t(`funnel.shareOf.${stage.previous}`, { share: formatShare(stage.share, locale) })}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
