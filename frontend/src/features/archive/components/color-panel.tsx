import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLOR_DISTANCE, MAX_COLOR_DISTANCE, MIN_COLOR_DISTANCE, normaliseHex } from '../lib/search-filters';
import { useColorSwatches } from '../api/get-color-swatches';
import { TYPING_DELAY_MS } from './debounced-text-field';

type Props = {
  color: string;
  distance: number;
  onChange: (color: string, distance: number) => void;
};

type PopoverProps = Props & {
  /** The colour button: the panel opens under it (closed without one). */
  anchor: HTMLElement | null;
  panelId: string;
  onClose: () => void;
};

/** The colour filter's panel under its button (a chunk of its own: loaded once the archive has painted, or when opened). */
export function ColorPopover({ anchor, panelId, onClose, ...props }: PopoverProps) {
  const { t } = useTranslation(['search', 'archive']);
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { id: panelId, role: 'dialog', 'aria-label': t('filters.color.title'), sx: { p: 2, width: 320 } } }}
    >
      <ColorPanel {...props} onDone={onClose} />
    </Popover>
  );
}

function ColorPanel({ color, distance, onChange, onDone }: Props & { onDone: () => void }) {
  const { t } = useTranslation(['search', 'archive']);
  const [draft, setDraft] = useState(color);
  const [hexText, setHexText] = useState(color.toUpperCase());
  const [tolerance, setTolerance] = useState(distance);
  const hexValid = hexText.trim() === '' || normaliseHex(hexText) !== null;
  const distanceLabelId = useId();
  // The swatches come from the server, which indexes their matches; any other colour is scored as asked.
  const { data: swatches = [] } = useColorSwatches();

  const commit = useEffectEvent((next: string) => onChange(next, tolerance));
  // The picker reports every move: search once it rests.
  useEffect(() => {
    if (!draft || draft === color) return;
    const timer = window.setTimeout(() => commit(draft), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, color]);

  const choose = (hex: string) => {
    setDraft(hex);
    setHexText(hex.toUpperCase());
    onChange(hex, tolerance);
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">{t('filters.color.title')}</Typography>
      <Box role="group" aria-label={t('filters.color.swatches')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {swatches.map((swatch) => (
          <ButtonBase
            key={swatch.name}
            onClick={() => choose(swatch.hex)}
            aria-label={t(`filters.color.names.${swatch.name}`, { defaultValue: swatch.name })}
            aria-pressed={draft === swatch.hex}
            title={t(`filters.color.names.${swatch.name}`, { defaultValue: swatch.name })}
            data-testid="color-swatch"
            sx={{
              width: 28,
              height: 28,
              borderRadius: '50%',
              bgcolor: swatch.hex,
              border: 1,
              borderColor: 'divider',
              outline: draft === swatch.hex ? '2px solid' : 'none',
              outlineColor: 'primary.main',
              outlineOffset: 2,
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
            }}
          />
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          aria-label={t('filters.color.custom')}
          value={draft || '#888888'}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            setDraft(event.target.value);
            setHexText(event.target.value.toUpperCase());
          }}
          sx={{ width: 48, height: 40, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer', flexShrink: 0 }}
        />
        <TextField
          size="small"
          margin="none"
          label={t('filters.color.hex')}
          value={hexText}
          error={!hexValid}
          helperText={hexValid ? undefined : t('filters.color.invalidHex')}
          onChange={(event) => {
            setHexText(event.target.value);
            const hex = normaliseHex(event.target.value);
            if (hex) setDraft(hex);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'color-hex', spellCheck: false, autoComplete: 'off' } }}
        />
      </Stack>
      <Box>
        <Typography id={distanceLabelId} variant="body2" gutterBottom>
          {t('filters.color.distance', { value: tolerance })}
        </Typography>
        <Box sx={{ px: 1 }}>
          <Slider
            size="small"
            min={MIN_COLOR_DISTANCE}
            max={MAX_COLOR_DISTANCE}
            value={tolerance}
            onChange={(_event, value) => setTolerance(value as number)}
            onChangeCommitted={(_event, value) => {
              if (draft) onChange(draft, value as number);
            }}
            marks={[{ value: DEFAULT_COLOR_DISTANCE }]}
            getAriaValueText={(value) => t('filters.color.distanceValue', { value })}
            slotProps={{ input: { 'aria-labelledby': distanceLabelId, 'data-testid': 'color-distance' } as object }}
            sx={{ mb: 0 }}
          />
        </Box>
        {/* The ends named as a designer would, as plain captions: nothing here is a button. */}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }} data-testid="color-distance-ends">
          <Typography variant="caption" color="text.secondary">
            {t('filters.color.exact')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('filters.color.similar')}
          </Typography>
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          size="small"
          color="inherit"
          disabled={!color && !draft}
          onClick={() => {
            onChange('', DEFAULT_COLOR_DISTANCE);
            onDone();
          }}
        >
          {t('filters.color.remove')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => {
            if (draft && draft !== color) onChange(draft, tolerance);
            onDone();
          }}
        >
          {t('filters.done')}
        </Button>
      </Stack>
    </Stack>
  );
}
