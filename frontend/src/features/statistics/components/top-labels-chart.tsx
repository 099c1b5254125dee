import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { mangoFusionPalette } from '@mui/x-charts/colorPalettes';
import { PieChart } from '@mui/x-charts/PieChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../lib/use-locale-format';
import type { TopLabel } from '../types';

const HEIGHT = 220;

/**
 * The label statistic's pie: the 10 labels looked at most, with a list beside it that names each
 * slice and its count (the legend, readable by screen readers and tests).
 */
export function TopLabelsChart({ top, loading }: { top: readonly TopLabel[]; loading: boolean }) {
  const { t } = useTranslation('statistics');
  const { number } = useLocaleFormat();
  const theme = useTheme();
  const titleId = useId();
  // Ten distinct colours (the palette's first is close to the theme's indigo ink).
  const colors = mangoFusionPalette(theme.palette.mode);
  const slices = top.map((label, index) => ({ id: label.labelId, value: label.count, label: label.label, color: colors[index % colors.length]! }));

  return (
    <Box component="section" aria-labelledby={titleId} data-testid="statistics-top-labels" sx={{ flex: '1 1 0', minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('top.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: '1 1 0', minWidth: 160 }}>
          <ChartsLocalizationProvider localeText={{ loading: t('chart.loading'), noData: t('top.empty') }}>
            <PieChart
              height={HEIGHT}
              loading={loading}
              hideLegend
              series={[{ data: slices, innerRadius: 40, paddingAngle: 1, cornerRadius: 3, valueFormatter: (item) => number(item.value) }]}
            />
          </ChartsLocalizationProvider>
        </Box>
        {slices.length > 0 && (
          <Box component="ol" aria-label={t('top.list')} sx={{ listStyle: 'none', m: 0, p: 0, flex: '1 1 0', minWidth: 0 }}>
            {slices.map((slice) => (
              <Box component="li" key={slice.id} data-testid="statistics-top-label" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
                <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: slice.color, flex: 'none' }} />
                <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                  {slice.label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {number(slice.value)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
