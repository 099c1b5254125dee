import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import type { ColorwayHeader, DesignHeader } from '@/types/design';
import { CARD_WIDTH_CM, pxPerCmFromDiagonal, savePrintScale, usePrintScale } from '../lib/print-scale';
import { useElementWidth } from '../lib/use-element-width';
import { fabricUrl } from './fabric-view';

const PATCH_HEIGHT_PX = 460;

/** Matching an on-screen bar to a bank card, or entering the screen's diagonal. */
function Calibration({ user, onDone }: { user: string; onDone: () => void }) {
  const { t } = useTranslation('design');
  const scale = usePrintScale(user);
  const [bar, setBar] = useState(Math.round(scale.pxPerCm * CARD_WIDTH_CM));
  const [diagonal, setDiagonal] = useState('');
  const inches = Number(diagonal.replace(',', '.'));
  const save = (pxPerCm: number) => {
    savePrintScale(user, pxPerCm);
    onDone();
  };
  return (
    <Stack spacing={2} data-testid="print-calibration" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2">{t('views.print.cardTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('views.print.cardHint')}</Typography>
      <Box data-testid="calibration-bar" sx={{ width: bar, height: 54, borderRadius: '3px', bgcolor: 'primary.main', opacity: 0.8 }} />
      <Slider min={150} max={700} value={bar} onChange={(_, value) => setBar(value as number)} aria-label={t('views.print.cardSlider')} sx={{ maxWidth: 700 }} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => save(bar / CARD_WIDTH_CM)}>{t('views.print.saveCard')}</Button>
        <Button onClick={onDone}>{t('views.print.cancel')}</Button>
        {scale.calibrated && <Button color="inherit" onClick={() => { savePrintScale(user, null); onDone(); }}>{t('views.print.forget')}</Button>}
      </Stack>
      <Typography variant="subtitle2">{t('views.print.diagonalTitle')}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField size="small" label={t('views.print.diagonal')} value={diagonal} onChange={(event) => setDiagonal(event.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Button variant="outlined" disabled={!(inches >= 5 && inches <= 120)} onClick={() => save(pxPerCmFromDiagonal(inches, window.screen.width, window.screen.height))}>
          {t('views.print.saveDiagonal')}
        </Button>
      </Stack>
    </Stack>
  );
}

type Props = { design: DesignHeader; colorway: ColorwayHeader };

/**
 * The design at its true physical size on this screen: a patch of the printed fabric drawn at the
 * screen's pixels per cm. A one-time calibration (a bank card, or the screen's diagonal) is kept
 * per user and browser; without it the size is said to be approximate.
 */
export function PrintSizeView({ design, colorway }: Props) {
  const { t } = useTranslation('design');
  const session = useSession();
  const user = session.account?.user.userGuid ?? 'anonymous';
  const scale = usePrintScale(user);
  const [calibrating, setCalibrating] = useState(false);
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const ratio = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const widthCm = Math.max(1, Math.floor((width / scale.pxPerCm) * 10) / 10);
  const lengthCm = Math.floor((PATCH_HEIGHT_PX / scale.pxPerCm) * 10) / 10;
  const pxPerCm = Math.min(200, Math.round(scale.pxPerCm * ratio * 100) / 100);
  const shownWidth = Math.round(widthCm * scale.pxPerCm);

  return (
    <Stack spacing={1} data-testid="print-size-view" data-calibrated={scale.calibrated} data-px-per-cm={scale.pxPerCm.toFixed(3)}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('views.print.caption', { design: `${design.designSizeCm.width} × ${design.designSizeCm.height}` })}
        </Typography>
        <Button size="small" onClick={() => setCalibrating((on) => !on)}>{scale.calibrated ? t('views.print.recalibrate') : t('views.print.calibrate')}</Button>
      </Stack>
      {!scale.calibrated && <Alert severity="info" data-testid="print-approximate">{t('views.print.approximate')}</Alert>}
      {calibrating && <Calibration user={user} onDone={() => setCalibrating(false)} />}
      <Box ref={frame} sx={{ height: PATCH_HEIGHT_PX, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: '#f3efe6' }}>
        {width > 0 && (
          <Box
            component="img"
            src={fabricUrl(design, colorway, widthCm, lengthCm, pxPerCm)}
            alt={t('views.print.alt', { name: `${design.designName} ${colorway.colorwayName}` })}
            data-testid="print-size-image"
            sx={{ display: 'block', width: shownWidth, height: 'auto' }}
          />
        )}
      </Box>
    </Stack>
  );
}
