import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import type { ColorwayHeader, DesignHeader } from '@/types/design';
import { useRepeatPlane, type RepeatPlane } from '../api/get-repeat-view';
import type { ViewerOverlay } from './deep-zoom-canvas';
import { ZoomViewer } from './zoom-viewer';

/** The copies of the design on the plane (their outlines), and the seams the check found on each. */
export function planeOverlays(plane: RepeatPlane, outline: boolean, seams: boolean): ViewerOverlay[] {
  const { periods: n, periodWidth: w, periodHeight: h, shiftPx: s, shiftDirection } = plane;
  const items: ViewerOverlay[] = [];
  const edge = Math.max(2, Math.round(Math.min(w, h) * 0.006));
  const reach = Math.ceil((Math.abs(s) * n) / Math.min(w, h)) + 1;
  for (let a = 0; a < n; a += 1) {
    for (let b = -reach; b <= n; b += 1) {
      // A drop moves each column of copies down; a brick moves each row right.
      const x = shiftDirection === 'brick' ? b * w + a * s : a * w;
      const y = shiftDirection === 'brick' ? a * h : b * h + a * s;
      if (x >= n * w || y >= n * h || x + w <= 0 || y + h <= 0) continue;
      if (outline) items.push({ x, y, width: w, height: h, kind: 'copy' });
      if (seams && plane.seams) {
        for (const [from, to] of plane.seams.vertical) items.push({ x: x + w - edge / 2, y: y + from * h, width: edge, height: (to - from) * h, kind: 'seam' });
        for (const [from, to] of plane.seams.horizontal) items.push({ x: x + from * w, y: y + h - edge / 2, width: (to - from) * w, height: edge, kind: 'seam' });
      }
    }
  }
  return items;
}

type Props = { design: DesignHeader; colorway: ColorwayHeader };

/**
 * The repeated view: the colorway's copies laid with the design's repeat (straight, drop, brick,
 * custom) on one zoomable plane whose tiles the server cuts across the seams, so zooming into a
 * seam shows real pixels on both sides. Outlines of the copies, mirror, and for staff the seam check.
 */
export function RepeatView({ design, colorway }: Props) {
  const { t } = useTranslation('design');
  const [mirror, setMirror] = useState(false);
  const [outline, setOutline] = useState(true);
  const [showSeams, setShowSeams] = useState(true);
  const plane = useRepeatPlane(design.guid, colorway.colorwayGuid, mirror, design.lastEditDate);
  const overlays = useMemo(
    () => (plane.data ? { items: planeOverlays(plane.data, outline, showSeams), imageWidth: plane.data.periods * plane.data.periodWidth } : undefined),
    [plane.data, outline, showSeams],
  );
  const seams = plane.data?.seams;
  const seamCount = seams ? seams.vertical.length + seams.horizontal.length : 0;

  return (
    <Stack spacing={1} data-testid="repeat-view" data-shift={plane.data?.shiftDirection} data-mirror={mirror}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="repeat-kind">
          {t(`views.repeat.kind.${plane.data?.shiftDirection ?? 'none'}`, { share: shareText(plane.data) })}
        </Typography>
        <FormControlLabel control={<Switch size="small" checked={outline} onChange={(_, on) => setOutline(on)} />} label={t('views.repeat.outline')} />
        <FormControlLabel control={<Switch size="small" checked={mirror} onChange={(_, on) => setMirror(on)} />} label={t('views.repeat.mirror')} />
        {seams && <FormControlLabel control={<Switch size="small" checked={showSeams} onChange={(_, on) => setShowSeams(on)} />} label={t('views.repeat.seams')} />}
        {seams && (
          <Typography variant="body2" role="status" color={seamCount ? 'error' : 'success.main'} data-testid="seam-check">
            {seamCount ? t('views.repeat.seamsFound', { count: seamCount }) : t('views.repeat.seamsClean')}
          </Typography>
        )}
      </Stack>
      <ErrorAlert error={plane.error} onRetry={() => void plane.refetch()} />
      {plane.data && <ZoomViewer designName={design.designName} colorway={colorway} tiles={plane.data.tiles} overlays={overlays} />}
    </Stack>
  );
}

/** The shift as a share of the period ("1/2"), for the caption. */
function shareText(plane: RepeatPlane | undefined): string {
  if (!plane || plane.shiftDirection === 'none') return '';
  const period = plane.shiftDirection === 'drop' ? plane.periodHeight : plane.periodWidth;
  const share = plane.shiftPx / period;
  for (const d of [2, 3, 4]) {
    for (let k = 1; k < d; k += 1) if (Math.abs(share - k / d) < 0.002) return `${k}/${d}`;
  }
  return `${Math.round(share * 1000) / 10}%`;
}
