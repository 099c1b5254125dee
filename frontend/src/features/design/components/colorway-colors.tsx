import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatShare } from '@/lib/format';
import type { ColorwayHeader, DesignHeader } from '@/types/design';

type Props = { colorway: ColorwayHeader; designType: DesignHeader['designType'] };

const swatchSx = { width: 24, height: 24, flexShrink: 0, borderRadius: 0.75, border: 1, borderColor: 'divider' } as const;

/** The shown colorway: its name, its palette (colours with their share) and, for rotary designs, its screens and inks. */
export function ColorwayColors({ colorway, designType }: Props) {
  const { t, i18n } = useTranslation('design');
  const locale = i18n.resolvedLanguage;
  const palette = [...colorway.palette].sort((a, b) => b.share - a.share);
  const colorizables = designType === 'rotary' ? colorway.colorizables : [];

  return (
    <Paper variant="outlined" component="section" aria-label={t('colorways.shown')} sx={{ p: 2 }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('colorways.shown')}
      </Typography>
      <Typography variant="h2" component="p" data-testid="active-colorway" data-colorway-guid={colorway.colorwayGuid}>
        {colorway.colorwayName}
      </Typography>

      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('colors.palette')}
      </Typography>
      {palette.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('colors.noPalette')}
        </Typography>
      ) : (
        <>
          {/* The colours side by side in proportion to their share. */}
          <Box aria-hidden sx={{ display: 'flex', height: 14, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', mb: 1.5 }}>
            {palette.map((color, index) => (
              <Box key={`${color.rgb}-${index}`} sx={{ flexGrow: Math.max(color.share, 0.005), bgcolor: color.rgb }} />
            ))}
          </Box>
          <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
            {palette.map((color, index) => {
              const share = formatShare(color.share, locale);
              return (
                <Tooltip key={`${color.rgb}-${index}`} title={t('colors.swatch', { color: color.rgb, share })}>
                  <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="palette-color" data-color={color.rgb}>
                    <Box sx={{ ...swatchSx, bgcolor: color.rgb }} />
                    <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                      {color.rgb}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                      {share}
                    </Typography>
                  </Stack>
                </Tooltip>
              );
            })}
          </Box>
        </>
      )}

      {colorizables.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('colors.colorizables')}
          </Typography>
          <Stack component="ol" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {colorizables.map((item, index) => (
              <Stack component="li" key={`${item.channel}-${index}`} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="colorizable">
                <Box sx={{ ...swatchSx, bgcolor: item.color }} />
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {item.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', fontFamily: 'monospace' }}>
                  {item.color}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}
