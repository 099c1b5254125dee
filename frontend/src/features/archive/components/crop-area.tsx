import Box from '@mui/material/Box';
import { useRef, useState, type PointerEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rectBetween, type Rect } from '../lib/crop';

type Props = {
  src: string;
  /** The selection in the image's own pixels, or null for none (the whole picture). */
  selection: Rect | null;
  onSelect: (selection: Rect | null) => void;
  /** The image element once loaded (what a crop is cut from). */
  onLoad?: (image: HTMLImageElement) => void;
  testId?: string;
};

/** A picture on which the user drags a rectangle to search with that part of it. */
export function CropArea({ src, selection, onSelect, onLoad, testId = 'crop-area' }: Props) {
  const { t } = useTranslation('similar');
  const image = useRef<HTMLImageElement | null>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  /** A pointer position in the image's own pixels. */
  const at = (event: PointerEvent) => {
    const img = image.current;
    if (!img) return { x: 0, y: 0 };
    const box = img.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * img.naturalWidth,
      y: ((event.clientY - box.top) / box.height) * img.naturalHeight,
    };
  };
  const down = (event: PointerEvent) => {
    event.preventDefault();
    (event.target as Element).setPointerCapture?.(event.pointerId);
    setStart(at(event));
    onSelect(null);
  };
  const move = (event: PointerEvent) => {
    if (!start || !size) return;
    onSelect(rectBetween(start, at(event), size.width, size.height));
  };
  const up = () => setStart(null);
  const loaded = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    setSize({ width: img.naturalWidth, height: img.naturalHeight });
    onLoad?.(img);
  };
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;

  return (
    <Box
      data-testid={testId}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      sx={{ position: 'relative', alignSelf: 'center', maxWidth: '100%', cursor: 'crosshair', touchAction: 'none', userSelect: 'none', lineHeight: 0 }}
    >
      <Box
        component="img"
        ref={image}
        src={src}
        alt={t('picture')}
        draggable={false}
        onLoad={loaded}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: '55vh', objectFit: 'contain' }}
      />
      {selection && size && (
        <Box
          data-testid="crop-selection"
          sx={{
            position: 'absolute',
            left: pct(selection.x, size.width),
            top: pct(selection.y, size.height),
            width: pct(selection.width, size.width),
            height: pct(selection.height, size.height),
            border: '2px solid #ffd400',
            outline: '1px solid rgba(0,0,0,0.6)',
            boxShadow: '0 0 0 9999px rgba(0,0,0,0.45)',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}
