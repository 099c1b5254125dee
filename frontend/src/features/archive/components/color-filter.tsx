import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaletteIcon } from '@/components/icons/palette-icon';
import { useDeferred } from '@/lib/deferred';
import { colorPanel } from './parts';

type Props = {
  color: string;
  distance: number;
  onChange: (color: string, distance: number) => void;
};

function Dot({ color, size = 16 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: color || 'transparent',
        border: 1,
        borderColor: 'divider',
        backgroundImage: color ? undefined : 'conic-gradient(#c62828, #f9a825, #2e7d32, #1565c0, #6a1b9a, #c62828)',
        flexShrink: 0,
      }}
    />
  );
}

/** The colour filter of the bar: a button showing the colour, opening swatches, a picker, a hex field and the tolerance. */
export function ColorFilter({ color, distance, onChange }: Props) {
  const { t } = useTranslation(['search', 'archive']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const panel = useDeferred(colorPanel);
  useEffect(() => {
    if (anchor) void colorPanel.load();
  }, [anchor]);
  return (
    <>
      <Button
        variant={color ? 'contained' : 'outlined'}
        color={color ? 'primary' : 'inherit'}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={color ? <Dot color={color} /> : <PaletteIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? panelId : undefined}
        data-testid="filter-color"
        data-color={color}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {color ? color.toUpperCase() : t('filters.color.button')}
      </Button>
      {panel && <panel.ColorPopover anchor={anchor} panelId={panelId} onClose={() => setAnchor(null)} color={color} distance={distance} onChange={onChange} />}
    </>
  );
}

