import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { PageSpinner } from '@/components/page-spinner';
import { safeRedirect } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import { useEnrollment } from '../api/enroll-second-factor';
import { useLogout } from '../api/logout';
import { useValidateToken } from '../api/validate-token';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { TotpEnrollment } from './totp-enrollment';

const codePattern = /^\d{6}$/;

/** The admin's second factor: enrol an authenticator (first time) or verify a 6-digit code. */
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
  const logout = useLogout();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);

  if (!token) return <Navigate to="/login" replace />;
  if (validation.isPending) return <PageSpinner />;
  if (validation.isError) return <ErrorAlert error={validation.error} onRetry={() => void validation.refetch()} />;
  if (!validation.data.isValid) return <Navigate to="/login?expired=true" replace />;
  // Non-admins have nothing to do here; a validated admin goes on (the server then says secondFactor "none").
  if (!(validation.data.isAdmin ?? account?.isAdmin)) return <Navigate to="/" replace />;
  if (validation.data.is2FaValidated || secondFactor === 'none') return <Navigate to={target} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    const wellFormed = codePattern.test(value);
    setFormatError(!wellFormed);
    if (wellFormed) verify.mutate(value, { onSuccess: () => void navigate(target, { replace: true }) });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('authenticate.title')}>
      <Typography color="text.secondary">{enrolling ? t('authenticate.enrollIntro') : t('authenticate.verifyIntro')}</Typography>
      {enrolling && (enrollment.data ? <TotpEnrollment enrollment={enrollment.data} /> : <ErrorAlert error={enrollment.error} />)}
      {enrolling && enrollment.isPending && <PageSpinner />}
      <ErrorAlert error={verify.error} />
      <TextField
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
      <SubmitButton pending={verify.isPending}>
        {t('authenticate.submit')}
      </SubmitButton>
      <Link component="button" type="button" variant="body2" onClick={() => logout.mutate()}>
        {t('authenticate.otherAccount')}
      </Link>
    </Box>
  );
}
