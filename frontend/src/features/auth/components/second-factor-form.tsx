import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { PageSpinner } from '@/components/page-spinner';
import { safeRedirect } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import { useEnrollment } from '../api/enroll-second-factor';
import { useLogout } from '../api/logout';
import { useRecoverSecondFactor } from '../api/recover-second-factor';
import { useValidateToken } from '../api/validate-token';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpEnrollment } from './totp-enrollment';

const codePattern = /^\d{6}$/;
/** A recovery code as the server gives it (12 letters and digits, dashes and spaces aside). */
const recoveryCodePattern = /^[0-9a-z]{12}$/i;

/**
 * The admin's second factor: enrol an authenticator (first time; the recovery codes are then shown
 * once before going on) or verify a 6-digit code, or a recovery code instead.
 */
export function SecondFactorForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect')) ?? '/admin';
  const { token, account } = useSession();
  const validation = useValidateToken(token, location.key);
  const secondFactor = validation.data?.secondFactor ?? account?.secondFactor ?? 'none';
  const enrolling = validation.data?.isValid === true && secondFactor === 'enroll';
  const enrollment = useEnrollment(token, enrolling);
  const verify = useVerifySecondFactor();
  const recover = useRecoverSecondFactor();
  const logout = useLogout();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  // The recovery codes of a just-confirmed enrolment: shown before anything else, once.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  // A code was sent: its answer decides where to go (the session turns validated before it lands).
  const [awaitingAnswer, setAwaitingAnswer] = useState(false);

  if (newCodes) {
    return (
      <Box aria-label={t('recoveryCodes.title')} component="section">
        <RecoveryCodesList codes={newCodes} />
        <Button variant="contained" size="large" fullWidth onClick={() => void navigate(target, { replace: true })}>
          {t('recoveryCodes.continue')}
        </Button>
      </Box>
    );
  }

  if (!token) return <Navigate to="/login" replace />;
  if (validation.isPending) return <PageSpinner />;
  if (validation.isError) return <ErrorAlert error={validation.error} onRetry={() => void validation.refetch()} />;
  if (!validation.data.isValid) return <Navigate to="/login?expired=true" replace />;
  // Non-admins have nothing to do here; a validated admin goes on (the server then says secondFactor "none").
  if (!(validation.data.isAdmin ?? account?.isAdmin)) return <Navigate to="/" replace />;
  if (!awaitingAnswer && (validation.data.is2FaValidated || secondFactor === 'none')) return <Navigate to={target} replace />;

  const recovering = useRecoveryCode && !enrolling;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(recovering ? /[\s-]/g : /\s/g, '');
    const wellFormed = (recovering ? recoveryCodePattern : codePattern).test(value);
    setFormatError(!wellFormed);
    if (!wellFormed) return;
    if (recovering) {
      recover.mutate(code.trim(), { onSuccess: () => void navigate(target, { replace: true }) });
      return;
    }
    setAwaitingAnswer(true);
    verify.mutate(value, {
      onSuccess: (answer) => {
        if (answer.recoveryCodes?.length) setNewCodes(answer.recoveryCodes);
        else void navigate(target, { replace: true });
      },
      onError: () => setAwaitingAnswer(false),
    });
  };
  const switchMode = () => {
    setUseRecoveryCode(!useRecoveryCode);
    setCode('');
    setFormatError(false);
    verify.reset();
    recover.reset();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('authenticate.title')}>
      <Typography color="text.secondary">
        {enrolling ? t('authenticate.enrollIntro') : recovering ? t('authenticate.recoveryIntro') : t('authenticate.verifyIntro')}
      </Typography>
      {enrolling && (enrollment.data ? <TotpEnrollment enrollment={enrollment.data} /> : <ErrorAlert error={enrollment.error} />)}
      {enrolling && enrollment.isPending && <PageSpinner />}
      <ErrorAlert error={recovering ? recover.error : verify.error} />
      {recovering ? (
        <TextField
          key="recovery-code"
          label={t('authenticate.recoveryCode')}
          name="recoveryCode"
          autoComplete="off"
          required
          autoFocus
          value={code}
          error={formatError}
          helperText={formatError ? t('authenticate.recoveryCodeFormat') : undefined}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 20, spellCheck: false, autoCapitalize: 'characters' } }}
        />
      ) : (
        <TextField
          key="code"
          label={t('authenticate.code')}
          name="code"
          autoComplete="one-time-code"
          required
          autoFocus
          value={code}
          error={formatError}
          helperText={formatError ? t('authenticate.codeFormat') : undefined}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, pattern: '[0-9]*' } }}
        />
      )}
      <SubmitButton pending={verify.isPending || recover.isPending}>
        {t('authenticate.submit')}
      </SubmitButton>
      {!enrolling && (
        <Link component="button" type="button" variant="body2" onClick={switchMode} sx={{ display: 'block', mb: 1 }}>
          {recovering ? t('authenticate.useAuthenticator') : t('authenticate.useRecoveryCode')}
        </Link>
      )}
      <Link component="button" type="button" variant="body2" onClick={() => logout.mutate()}>
        {t('authenticate.otherAccount')}
      </Link>
    </Box>
  );
}
