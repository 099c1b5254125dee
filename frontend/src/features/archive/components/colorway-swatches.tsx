import Box from '@mui/material/Box';
import { Tooltip } from '@/components/tooltip';
import Typography from '@mui/material/Typography';
import type { ResultColorway } from '../types';

/** Swatches that fit the narrowest card (190 px); the rest are counted. */
const MAX_SWATCHES = 7;

type Props = { colorways: ResultColorway[]; activeGuid: string };

/**
 * A result's colorways as small swatches of their main colour, in order, the one on the thumbnail
 * ringed: what a buyer tells designs apart by. Each names its colorway in a tooltip.
 */
export function ColorwaySwatches({ colorways, activeGuid }: Props) {
  const shown = colorways.slice(0, MAX_SWATCHES);
  const rest = colorways.slice(MAX_SWATCHES);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: 18, minWidth: 0 }} data-testid="colorway-swatches">
      {shown.map((colorway) => {
        const active = colorway.colorwayGuid === activeGuid;
        return (
          <Tooltip key={colorway.colorwayGuid} title={colorway.colorwayName} disableInteractive>
            <Box
              component="span"
              data-testid="colorway-swatch"
              data-name={colorway.colorwayName}
              data-color={colorway.color ?? ''}
              data-active={active}
              sx={{
                width: 16,
                height: 16,
                flexShrink: 0,
                borderRadius: '50%',
                border: 1,
                borderColor: 'divider',
                // A colorway without a measured palette: a neutral hatch, not a made-up colour.
                bgcolor: colorway.color ?? 'grey.100',
                backgroundImage: colorway.color ? undefined : 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(0,0,0,0.15) 3px 4px)',
                outline: active ? '2px solid' : 'none',
                outlineColor: 'primary.main',
                outlineOffset: 1,
              }}
            />
          </Tooltip>
        );
      })}
      {rest.length > 0 && (
        <Tooltip title={rest.map((colorway) => colorway.colorwayName).join(', ')} disableInteractive>
          <Typography variant="caption" color="text.secondary" data-testid="colorway-swatches-more" sx={{ lineHeight: 1 }}>
            +{rest.length}
          </Typography>
        </Tooltip>
      )}
    </Box>
  );
}
