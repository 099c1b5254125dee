import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '@/api/api-client';
import type { ColorwayHeader, DesignHeader } from '@/types/design';
import { useElementWidth } from '../lib/use-element-width';

/** The fabric views are at least 1 m long (spec section 9: 75 and 150 cm wide). */
export const FABRIC_LENGTH_CM = 100;
const SELVEDGE_PX = 10;

/** The URL of a piece of fabric printed with the colorway, `widthCm` x `lengthCm` at `pxPerCm`. */
export function fabricUrl(design: DesignHeader, colorway: ColorwayHeader, widthCm: number, lengthCm: number, pxPerCm: number): string {
  const version = encodeURIComponent(`${colorway.images.tiles}|${design.lastEditDate}`);
  return apiUrl(`/design/fabric/${design.guid}/${colorway.colorwayGuid}?widthCm=${widthCm}&lengthCm=${lengthCm}&pxPerCm=${pxPerCm}&v=${version}`);
}

/** Marks along the fabric's width every 10 cm, numbered every 25 (150 cm) or 10 (75 cm). */
function Ruler({ widthCm }: { widthCm: number }) {
  const every = widthCm > 100 ? 25 : 10;
  const ticks = Array.from({ length: Math.floor(widthCm / 5) + 1 }, (_, i) => i * 5);
  return (
    <Box data-testid="fabric-ruler" data-width-cm={widthCm} aria-hidden sx={{ position: 'relative', height: 26, mx: `${SELVEDGE_PX}px` }}>
      {ticks.map((cm) => (
        <Box key={cm} sx={{ position: 'absolute', left: `${(cm / widthCm) * 100}%`, bottom: 0, width: '1px', height: cm % 10 === 0 ? 10 : 5, bgcolor: 'text.primary' }}>
          {(cm % every === 0 || cm === widthCm) && (
            <Typography variant="caption" sx={{ position: 'absolute', bottom: 10, transform: cm === widthCm ? 'translateX(-100%)' : cm === 0 ? 'none' : 'translateX(-50%)', whiteSpace: 'nowrap' }}>
              {cm === widthCm ? `${cm} cm` : cm}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

type Props = { design: DesignHeader; colorway: ColorwayHeader; widthCm: 75 | 150 };

/**
 * The colorway repeated across fabric 75 or 150 cm wide and 1 m long, at the design's true size
 * (its cm from pixels and dpi), between selvedges and under a cm ruler. The server draws the
 * fabric from the stored renditions at the pixels the screen shows.
 */
export function FabricView({ design, colorway, widthCm }: Props) {
  const { t } = useTranslation('design');
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const [loaded, setLoaded] = useState<string | null>(null);
  const ratio = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  // Quantised so a small resize does not ask for a new picture.
  const imageWidth = Math.max(300, Math.min(3000, Math.round(((width - 2 * SELVEDGE_PX) * ratio) / 100) * 100));
  const pxPerCm = Math.round((imageWidth / widthCm) * 100) / 100;
  const src = width > 0 ? fabricUrl(design, colorway, widthCm, FABRIC_LENGTH_CM, pxPerCm) : '';
  const across = Math.round((widthCm / design.designSizeCm.width) * 100) / 100;

  return (
    <Stack spacing={1} data-testid="fabric-view" data-width-cm={widthCm}>
      <Typography variant="body2" color="text.secondary" data-testid="fabric-caption">
        {t('views.fabric.caption', { width: widthCm, design: `${design.designSizeCm.width} × ${design.designSizeCm.height}`, across })}
      </Typography>
      <Box ref={frame} sx={{ position: 'relative' }}>
        <Ruler widthCm={widthCm} />
        <Box sx={{ display: 'flex', maxHeight: 620, overflowY: 'auto', border: 1, borderColor: 'divider', bgcolor: '#f3efe6' }}>
          <Box aria-hidden sx={{ width: SELVEDGE_PX, flex: 'none', background: 'repeating-linear-gradient(0deg, #d8d2c4 0 3px, #f3efe6 3px 6px)' }} />
          <Box sx={{ flex: 1, minWidth: 0, position: 'relative', aspectRatio: `${widthCm} / ${FABRIC_LENGTH_CM}` }}>
            {src && (
              <Box
                component="img"
                src={src}
                alt={t('views.fabric.alt', { width: widthCm, name: `${design.designName} ${colorway.colorwayName}` })}
                data-testid="fabric-image"
                onLoad={() => setLoaded(src)}
                sx={{ display: 'block', width: '100%', height: 'auto' }}
              />
            )}
            {loaded !== src && <LinearProgress aria-label={t('viewer.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          </Box>
          <Box aria-hidden sx={{ width: SELVEDGE_PX, flex: 'none', background: 'repeating-linear-gradient(0deg, #d8d2c4 0 3px, #f3efe6 3px 6px)' }} />
        </Box>
      </Box>
    </Stack>
  );
}
