import Box from '@mui/material/Box';
import OpenSeadragon from 'openseadragon';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

/** What the viewer's own buttons (zoom-viewer.tsx) ask of the canvas. */
export type DeepZoomHandle = { zoomIn: () => void; zoomOut: () => void; home: () => void };

/** `ready`: the tiles of the current view are drawn; `failed`: the descriptor or its tiles could not be read. */
export type DeepZoomStatus = 'ready' | 'failed';

/** A rectangle drawn over the image, in the image's pixels: a copy's outline or a seam. */
export type ViewerOverlay = { x: number; y: number; width: number; height: number; kind: 'copy' | 'seam' };

type Props = {
  /** The DZI descriptor URL; its tiles are in `<name>_files/{level}/{col}_{row}.jpg`. */
  tiles: string;
  /** Drawn over the image and moved with it; `imageWidth` is the image's width in pixels. */
  overlays?: { items: ViewerOverlay[]; imageWidth: number };
  /** Told once per `tiles`, when it is shown or when it fails. */
  onStatus: (tiles: string, status: DeepZoomStatus) => void;
  ref?: Ref<DeepZoomHandle>;
};

const ZOOM_STEP = 1.5;

/** The items of the world other than `keep`, removed: a switch shows only the new colorway. */
function removeOthers(viewer: OpenSeadragon.Viewer, keep: OpenSeadragon.TiledImage) {
  for (let index = viewer.world.getItemCount() - 1; index >= 0; index -= 1) {
    const item = viewer.world.getItemAt(index);
    if (item !== keep) viewer.world.removeItem(item);
  }
}

/**
 * The OpenSeadragon canvas of a colorway's tile pyramid (loaded lazily, in its own chunk). One viewer
 * lives as long as the page: switching colorways adds the new image over the old one, which is
 * dropped once the new one is drawn, and the zoom and position are kept so that colorways can be
 * compared detail by detail. Images are read with the session cookie (same origin).
 */
export function DeepZoomCanvas({ tiles, overlays, onStatus, ref }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const report = useRef(onStatus);

  useEffect(() => {
    report.current = onStatus;
  }, [onStatus]);

  useImperativeHandle(
    ref,
    () => {
      const zoom = (factor: number) => {
        const viewport = viewer.current?.viewport;
        if (!viewport) return;
        viewport.zoomBy(factor);
        viewport.applyConstraints();
      };
      return { zoomIn: () => zoom(ZOOM_STEP), zoomOut: () => zoom(1 / ZOOM_STEP), home: () => viewer.current?.viewport.goHome() };
    },
    [],
  );

  useEffect(() => {
    if (!element.current) return;
    const instance = OpenSeadragon({
      element: element.current,
      // The page draws its own translated buttons; OpenSeadragon's need image files.
      showNavigationControl: false,
      showNavigator: true,
      navigatorPosition: 'BOTTOM_LEFT',
      navigatorAutoFade: true,
      navigatorSizeRatio: 0.15,
      preserveViewport: true,
      visibilityRatio: 0.5,
      minZoomImageRatio: 0.8,
      maxZoomPixelRatio: 2,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      tileRetryMax: 2,
    });
    viewer.current = instance;
    return () => {
      viewer.current = null;
      instance.destroy();
    };
  }, []);

  useEffect(() => {
    const instance = viewer.current;
    if (!instance) return;
    let cancelled = false;
    let settled = false;
    let shown: OpenSeadragon.TiledImage | null = null;
    const settle = (status: DeepZoomStatus) => {
      if (cancelled || settled) return;
      settled = true;
      report.current(tiles, status);
    };
    const onTileFailed = (event: OpenSeadragon.TileLoadFailedEvent) => {
      if (shown !== null && event.tiledImage === shown && event.maxReached) settle('failed');
    };
    instance.addHandler('tile-load-failed', onTileFailed);

    const open = () => {
      const first = instance.world.getItemCount() === 0;
      instance.addTiledImage({
        tileSource: tiles,
        // The typings name a DOM Event; OpenSeadragon passes { item }.
        success: (event) => {
          const item = (event as unknown as { item: OpenSeadragon.TiledImage }).item;
          if (cancelled) {
            if (!instance.isDestroyed()) instance.world.removeItem(item);
            return;
          }
          shown = item;
          if (first) instance.viewport.goHome(true);
          const ready = () => {
            removeOthers(instance, item);
            settle('ready');
          };
          if (item.getFullyLoaded()) {
            ready();
            return;
          }
          const onLoaded = (change: OpenSeadragon.FullyLoadedChangeTiledImageEvent) => {
            if (!change.fullyLoaded) return;
            item.removeHandler('fully-loaded-change', onLoaded);
            if (!cancelled) ready();
          };
          item.addHandler('fully-loaded-change', onLoaded);
        },
        error: () => settle('failed'),
      });
    };
    // Asked for a moment later: a viewer that is destroyed at once (React's StrictMode remounts)
    // never starts a request it could not finish.
    const timer = window.setTimeout(open, 0);

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      instance.removeHandler('tile-load-failed', onTileFailed);
    };
  }, [tiles]);

  useEffect(() => {
    const instance = viewer.current;
    if (!instance) return;
    instance.clearOverlays();
    if (!overlays || overlays.imageWidth <= 0) return;
    // The viewport's unit is the image's width.
    const unit = 1 / overlays.imageWidth;
    for (const item of overlays.items) {
      const box = document.createElement('div');
      box.dataset.overlay = item.kind;
      box.style.pointerEvents = 'none';
      box.style.boxSizing = 'border-box';
      if (item.kind === 'copy') box.style.border = '1px dashed rgba(20, 20, 20, 0.75)';
      else box.style.background = 'rgba(220, 0, 40, 0.75)';
      instance.addOverlay({ element: box, location: new OpenSeadragon.Rect(item.x * unit, item.y * unit, item.width * unit, item.height * unit) });
    }
  }, [overlays]);

  return <Box ref={element} data-testid="deep-zoom-canvas" sx={{ position: 'absolute', inset: 0 }} />;
}
