import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '@/components/thumbnail';
import { colorwayThumbnail } from '@/lib/colorway-images';
import type { ColorwayHeader } from '@/types/design';
import { scrollIntoStrip } from '../lib/strip-scroll';

type Props = {
  designName: string;
  colorways: ColorwayHeader[];
  activeGuid: string | null;
  onSelect: (colorwayGuid: string) => void;
};

/** The colorways of the design as a strip of thumbnails with their names; arrow keys move along it. */
export function ColorwayStrip({ designName, colorways, activeGuid, onSelect }: Props) {
  const { t } = useTranslation('design');
  const titleId = useId();
  const list = useRef<HTMLUListElement>(null);

  // Keep the shown colorway in sight when the strip scrolls (many colorways, narrow screens); the page stays where it is.
  useEffect(() => {
    const strip = list.current;
    const active = strip?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (strip && active) scrollIntoStrip(strip, active);
  }, [activeGuid]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = colorways[index + step];
    if (step === 0 || !next) return;
    event.preventDefault();
    onSelect(next.colorwayGuid);
    list.current?.querySelectorAll<HTMLElement>('button')[index + step]?.focus();
  };

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('colorways.title')} ({colorways.length})
      </Typography>
      <Box component="ul" ref={list} sx={{ display: 'flex', gap: 1, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 0.5 }}>
        {colorways.map((colorway, index) => {
          const active = colorway.colorwayGuid === activeGuid;
          return (
            <Box component="li" key={colorway.colorwayGuid} sx={{ flexShrink: 0 }}>
              <ButtonBase
                focusRipple
                aria-pressed={active}
                aria-label={t('colorways.show', { name: colorway.colorwayName })}
                title={colorway.colorwayName}
                data-testid="colorway-option"
                data-colorway-name={colorway.colorwayName}
                data-colorway-guid={colorway.colorwayGuid}
                data-active={active}
                onClick={() => onSelect(colorway.colorwayGuid)}
                onKeyDown={(event) => onKeyDown(event, index)}
                sx={{
                  flexDirection: 'column',
                  gap: 0.5,
                  p: 0.5,
                  width: 104,
                  borderRadius: 1.5,
                  border: 2,
                  borderColor: active ? 'primary.main' : 'transparent',
                  bgcolor: active ? 'action.selected' : 'transparent',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.light', outlineOffset: 2 },
                }}
              >
                <Thumbnail src={colorwayThumbnail(colorway)} alt={`${designName} ${colorway.colorwayName}`} size={92} />
                <Typography variant="caption" sx={{ fontWeight: active ? 700 : 500, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {colorway.colorwayName}
                </Typography>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
