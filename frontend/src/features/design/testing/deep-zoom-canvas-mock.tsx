import { useEffect } from 'react';
import type { DeepZoomStatus } from '../components/deep-zoom-canvas';

type Props = { tiles: string; onStatus: (tiles: string, status: DeepZoomStatus) => void };

/**
 * Jest's stand-in for the OpenSeadragon canvas (jsdom has no canvas): it reports the tiles as
 * drawn at once, or as failed when their URL contains "broken".
 */
export function DeepZoomCanvas({ tiles, onStatus }: Props) {
  useEffect(() => {
    onStatus(tiles, tiles.includes('broken') ? 'failed' : 'ready');
  }, [tiles, onStatus]);
  return <div data-testid="deep-zoom-canvas" data-tiles={tiles} />;
}
