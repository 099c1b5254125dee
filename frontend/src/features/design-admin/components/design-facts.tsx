import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FactList, type Fact } from '@/components/fact-list';
import { Thumbnail } from '@/components/thumbnail';
import { colorwayThumbnail } from '@/lib/colorway-images';
import { formatDateTime, formatDecimal } from '@/lib/format';
import type { DesignHeader } from '@/types/design';

/** The read-only facts of a design: what the file says (size, resolution, screens) and its colorways. */
export function DesignFacts({ header }: { header: DesignHeader }) {
  const { t, i18n } = useTranslation('designAdmin');
  const locale = i18n.resolvedLanguage;
  const facts: Fact[] = [
    { key: 'type', label: t('facts.type'), value: header.designType === 'rotary' || header.designType === 'digital' ? t(`designTypes.${header.designType}`) : header.designType },
    { key: 'archive', label: t('facts.archive'), value: header.archive },
    {
      key: 'sizeCm',
      label: t('facts.sizeCm'),
      value: t('facts.cm', { width: formatDecimal(header.designSizeCm?.width, locale, 2), height: formatDecimal(header.designSizeCm?.height, locale, 2) }),
    },
    { key: 'sizePx', label: t('facts.sizePx'), value: t('facts.px', { width: formatDecimal(header.designSize?.width, locale), height: formatDecimal(header.designSize?.height, locale) }) },
    { key: 'dpi', label: t('facts.dpi'), value: formatDecimal(header.designDpi, locale) },
    { key: 'channels', label: t('facts.channels'), value: String(header.channelCount) },
    { key: 'layers', label: t('facts.layers'), value: String(header.layerCount) },
    { key: 'colorMode', label: t('facts.colorMode'), value: header.colorMode || '—' },
    { key: 'bitDepth', label: t('facts.bitDepth'), value: header.bitDepth ? String(header.bitDepth) : '—' },
    { key: 'colorways', label: t('facts.colorways'), value: String(header.colorwayCount ?? header.colorways.length) },
    { key: 'customer', label: t('facts.customer'), value: header.customer?.customerName ?? '—' },
    { key: 'uploaded', label: t('facts.uploaded'), value: formatDateTime(header.uploadDate, locale) },
    { key: 'edited', label: t('facts.edited'), value: formatDateTime(header.lastEditDate, locale) },
  ];

  return (
    <Box component="aside" aria-label={t('facts.title')} data-testid="design-facts">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('facts.title')}
      </Typography>
      <FactList facts={facts} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
        {t('facts.colorwaysTitle')}
      </Typography>
      <Stack spacing={1.5}>
        {header.colorways.map((colorway) => (
          <Stack key={colorway.colorwayGuid} direction="row" spacing={1.5} data-testid="design-colorway" data-name={colorway.colorwayName}>
            <Thumbnail src={colorwayThumbnail(colorway)} alt={`${header.designName} ${colorway.colorwayName}`} size={72} />
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
