import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/tooltip';
import Typography from '@mui/material/Typography';
import { Component, lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FitScreenIcon } from '@/components/icons/fit-screen-icon';
import { FullscreenExitIcon } from '@/components/icons/fullscreen-exit-icon';
import { FullscreenIcon } from '@/components/icons/fullscreen-icon';
import { ImageIcon } from '@/components/icons/image-icon';
import { ZoomInIcon } from '@/components/icons/zoom-in-icon';
import { ZoomOutIcon } from '@/components/icons/zoom-out-icon';
import { useImageUrl } from '@/lib/image-url';
import { useFullscreen } from '@/lib/use-fullscreen';
import type { ColorwayHeader } from '@/types/design';
import type { DeepZoomHandle, DeepZoomStatus, ViewerOverlay } from './deep-zoom-canvas';

// OpenSeadragon is large: it loads with the design page's viewer only, in its own chunk.
const DeepZoomCanvas = lazy(() => import(/* webpackChunkName: "deep-zoom" */ './deep-zoom-canvas').then((module) => ({ default: module.DeepZoomCanvas })));

/** A canvas that could not load (its chunk) or crashed: the viewer falls back to the preview. */
class CanvasBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('deep zoom viewer failed', error);
    this.props.onError();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

type ViewerState = 'loading' | 'ready' | 'failed';

/** A neutral backdrop around the image, close to unbleached cloth. */
const viewerBackground = '#e8e4dc';

type ButtonProps = { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean };

/** A button of the viewer's toolbar; its tooltip stays inside the viewer so that it shows in full screen too. */
function ViewerButton({ label, icon, onClick, disabled = false }: ButtonProps) {
  return (
    <Tooltip title={label} placement="left" slotProps={{ popper: { disablePortal: true }, tooltip: { sx: { whiteSpace: 'nowrap' } } }}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

type Props = {
  designName: string;
  colorway: ColorwayHeader | null;
  /** Another pyramid of the colorway to show (the repeated plane), instead of its own. */
  tiles?: string;
  overlays?: { items: ViewerOverlay[]; imageWidth: number };
};

/**
 * The zoomable image of the shown colorway: the tile pyramid in OpenSeadragon, with translated
 * zoom in / out / fit / full screen buttons. The preview image stands in (covering the canvas)
 * while the first tiles load, and for good when the tiles or the viewer fail. `data-state`
 * (loading, ready, failed) tells tests which is shown.
 */
export function ZoomViewer({ designName, colorway, tiles: otherTiles, overlays }: Props) {
  const { t } = useTranslation('design');
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<DeepZoomHandle>(null);
  const fullscreen = useFullscreen(frame);
  const [status, setStatus] = useState<{ tiles: string; status: DeepZoomStatus } | null>(null);
  const [drawnOnce, setDrawnOnce] = useState(false);
  const [canvasBroken, setCanvasBroken] = useState(false);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);

  // The content image server when the studio set one: the DZI's tiles are read beside it.
  const imageUrl = useImageUrl();
  const tiles = imageUrl(otherTiles ?? colorway?.images.tiles ?? '');
  const preview = imageUrl(colorway?.images.preview ?? '');
  const name = colorway ? `${designName} ${colorway.colorwayName}` : designName;
  let state: ViewerState = 'loading';
  if (!tiles || canvasBroken) state = 'failed';
  else if (status?.tiles === tiles) state = status.status === 'ready' ? 'ready' : 'failed';
  const showPreview = state === 'failed' || (state === 'loading' && !drawnOnce);
  // While another colorway loads, the one drawn before stays zoomable.
  const zoomable = state === 'ready' || (state === 'loading' && drawnOnce);

  const onStatus = useCallback((loaded: string, result: DeepZoomStatus) => {
    setStatus({ tiles: loaded, status: result });
    if (result === 'ready') setDrawnOnce(true);
  }, []);

  return (
    <Box>
      <Box
        ref={frame}
        role="region"
        aria-label={t('viewer.label', { name })}
        aria-busy={state === 'loading'}
        data-testid="zoom-viewer"
        data-state={state}
        sx={{
          position: 'relative',
          height: fullscreen.active ? '100vh' : { xs: 340, sm: 460, md: 540 },
          bgcolor: viewerBackground,
          border: fullscreen.active ? 0 : 1,
          borderColor: 'divider',
          borderRadius: fullscreen.active ? 0 : 1,
          overflow: 'hidden',
        }}
      >
        {tiles && !canvasBroken && (
          <CanvasBoundary onError={() => setCanvasBroken(true)}>
            <Suspense fallback={null}>
              <DeepZoomCanvas ref={canvas} tiles={tiles} overlays={overlays} onStatus={onStatus} />
            </Suspense>
          </CanvasBoundary>
        )}
        {showPreview &&
          (preview && brokenPreview !== preview ? (
            <Box
              component="img"
              src={preview}
              alt={name}
              // The page's largest image, shown first: requested before anything else on the page.
              fetchPriority="high"
              data-testid="zoom-preview"
              onError={() => setBrokenPreview(preview)}
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', bgcolor: viewerBackground }}
            />
          ) : (
            <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', color: 'text.secondary', gap: 1, bgcolor: viewerBackground }}>
              <ImageIcon />
              <Typography variant="body2">{t('viewer.noImage')}</Typography>
            </Stack>
          ))}
        {state === 'loading' && <LinearProgress aria-label={t('viewer.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        {state === 'failed' && tiles && (
          <Typography
            variant="caption"
            role="status"
            sx={{ position: 'absolute', left: 8, bottom: 8, px: 1, py: 0.5, borderRadius: 1, bgcolor: 'rgba(255,255,255,0.85)' }}
          >
            {t('viewer.unavailable')}
          </Typography>
        )}
        <Paper
          elevation={2}
          role="toolbar"
          aria-label={t('viewer.controls')}
          aria-orientation="vertical"
          sx={{ position: 'absolute', top: 12, right: 12, display: 'flex', flexDirection: 'column', p: 0.25 }}
        >
          <ViewerButton label={t('viewer.zoomIn')} icon={<ZoomInIcon />} onClick={() => canvas.current?.zoomIn()} disabled={!zoomable} />
          <ViewerButton label={t('viewer.zoomOut')} icon={<ZoomOutIcon />} onClick={() => canvas.current?.zoomOut()} disabled={!zoomable} />
          <ViewerButton label={t('viewer.home')} icon={<FitScreenIcon />} onClick={() => canvas.current?.home()} disabled={!zoomable} />
          {fullscreen.supported && (
            <ViewerButton
              label={fullscreen.active ? t('viewer.exitFullscreen') : t('viewer.fullscreen')}
              icon={fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
              onClick={fullscreen.toggle}
            />
          )}
        </Paper>
      </Box>
      {/* Kept in the layout while hidden: the page does not jump when the tiles are drawn. */}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, visibility: state === 'ready' ? 'visible' : 'hidden' }}>
        {t('viewer.hint')}
      </Typography>
    </Box>
  );
}
