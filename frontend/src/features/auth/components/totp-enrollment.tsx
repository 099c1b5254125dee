import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import type { Enrollment } from '../api/enroll-second-factor';

const QR_SIZE = 200;

/** The QR code of the otpauth URL (drawn here, never by the server) and the secret as text. */
export function TotpEnrollment({ enrollment }: { enrollment: Enrollment }) {
  const { t } = useTranslation('auth');
  const qr = useQuery({
    queryKey: ['qr', enrollment.otpauthUrl],
    queryFn: () => QRCode.toDataURL(enrollment.otpauthUrl, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }),
    staleTime: Infinity,
  });
  return (
    <Box sx={{ textAlign: 'center', my: 2 }}>
      {qr.data ? (
        <img src={qr.data} width={QR_SIZE} height={QR_SIZE} alt={t('authenticate.qrAlt')} data-testid="totp-qr" />
      ) : (
        <Skeleton variant="rectangular" width={QR_SIZE} height={QR_SIZE} sx={{ mx: 'auto' }} />
      )}
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
        {t('authenticate.secret')}
      </Typography>
      <Typography component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}>
        {enrollment.secret}
      </Typography>
    </Box>
  );
}
