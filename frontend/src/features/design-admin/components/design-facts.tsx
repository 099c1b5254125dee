import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../lib/format';
import type { ColorwayHeader, DesignHeader } from '../types';
import { FileThumbnail } from './file-thumbnail';

function thumbnailOf(colorway: ColorwayHeader): string | null {
  const thumbnails = colorway.images?.thumbnails ?? {};
  return thumbnails['d/v'] ?? thumbnails['d/h'] ?? Object.values(thumbnails)[0] ?? colorway.images?.preview ?? null;
}

/** The read-only facts of a design: what the file says (size, resolution, screens) and its colorways. */
export function DesignFacts({ header }: { header: DesignHeader }) {
  const { t, i18n } = useTranslation('designAdmin');
  const locale = i18n.resolvedLanguage;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (value: string) => {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? value : date.format(parsed);
  };
  const facts: [string, string][] = [
    [t('facts.type'), header.designType === 'rotary' || header.designType === 'digital' ? t(`designTypes.${header.designType}`) : header.designType],
    [t('facts.archive'), header.archive],
    [
      t('facts.sizeCm'),
      t('facts.cm', { width: formatDecimal(header.designSizeCm?.width, locale, 2), height: formatDecimal(header.designSizeCm?.height, locale, 2) }),
    ],
    [t('facts.sizePx'), t('facts.px', { width: formatDecimal(header.designSize?.width, locale), height: formatDecimal(header.designSize?.height, locale) })],
    [t('facts.dpi'), formatDecimal(header.designDpi, locale)],
    [t('facts.channels'), String(header.channelCount)],
    [t('facts.layers'), String(header.layerCount)],
    [t('facts.colorMode'), header.colorMode || '—'],
    [t('facts.bitDepth'), header.bitDepth ? String(header.bitDepth) : '—'],
    [t('facts.colorways'), String(header.colorwayCount ?? header.colorways.length)],
    [t('facts.customer'), header.customer?.customerName ?? '—'],
    [t('facts.uploaded'), formatDate(header.uploadDate)],
    [t('facts.edited'), formatDate(header.lastEditDate)],
  ];

  return (
    <Box component="aside" aria-label={t('facts.title')} data-testid="design-facts">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('facts.title')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {facts.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} data-fact={name}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {t('facts.colorwaysTitle')}
      </Typography>
      <Stack spacing={1.5}>
        {header.colorways.map((colorway) => (
          <Stack key={colorway.colorwayGuid} direction="row" spacing={1.5} data-testid="design-colorway" data-name={colorway.colorwayName}>
            <FileThumbnail src={thumbnailOf(colorway)} alt={`${header.designName} ${colorway.colorwayName}`} size={72} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {colorway.colorwayName}
              </Typography>
              {colorway.sourceName && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>
                  {colorway.sourceName}
                </Typography>
              )}
              <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                {(colorway.colorizables.length > 0
                  ? colorway.colorizables.map((item) => ({ key: `c${item.channel}`, color: item.color, title: item.name }))
                  : colorway.palette.slice(0, 8).map((item, index) => ({ key: `p${index}`, color: item.rgb, title: item.rgb }))
                ).map((swatch) => (
                  <Tooltip key={swatch.key} title={swatch.title}>
                    <Box sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: swatch.color }} />
                  </Tooltip>
                ))}
              </Stack>
            </Box>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
