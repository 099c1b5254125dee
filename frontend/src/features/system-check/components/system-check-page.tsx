import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { Link as RouterLink } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHealth } from '../api/get-health';

type Verdict = { ok: boolean; text: string };

/** Whether the browser keeps what Desen stores (the session, the language): private modes may refuse. */
function storageWorks(): boolean {
  try {
    const probe = 'desen.check';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * The spec's test page (/dummy, public): what a studio asks a customer to open when the archive
 * does not work for them. It says whether the server and its database answer and whether this
 * browser keeps cookies (the images need them) and stored settings (the session needs them).
 */
export function SystemCheckPage() {
  const { t, i18n } = useTranslation('pages');
  useDocumentTitle(t('titles.dummy'));
  const health = useHealth();

  let server: Verdict | null = null;
  if (health.isSuccess) server = { ok: true, text: t('check.serverOk') };
  else if (health.isError) {
    // 503: the server answers but cannot reach its database.
    const degraded = isApiError(health.error) && health.error.status === 503;
    server = { ok: false, text: t(degraded ? 'check.databaseDown' : 'check.serverDown') };
  }
  const verdicts: Verdict[] = [
    ...(server ? [server] : []),
    navigator.cookieEnabled ? { ok: true, text: t('check.cookiesOk') } : { ok: false, text: t('check.cookiesOff') },
    storageWorks() ? { ok: true, text: t('check.storageOk') } : { ok: false, text: t('check.storageOff') },
  ];
  const allOk = server?.ok === true && verdicts.every((verdict) => verdict.ok);

  return (
    <Paper variant="outlined" sx={{ p: 4 }} data-testid="system-check">
      <Typography variant="h1" gutterBottom>
        {t('titles.dummy')}
      </Typography>
      <Typography color="text.secondary">{t('check.intro')}</Typography>
      <List aria-busy={health.isPending}>
        {health.isPending && (
          <ListItem disableGutters>
            <ListItemText primary={t('check.serverChecking')} />
          </ListItem>
        )}
        {verdicts.map((verdict) => (
          <ListItem key={verdict.text} disableGutters data-ok={verdict.ok}>
            <ListItemText primary={`${verdict.ok ? '✓' : '✗'} ${verdict.text}`} slotProps={{ primary: { color: verdict.ok ? 'success.main' : 'error.main' } }} />
          </ListItem>
        ))}
        <ListItem disableGutters>
          <ListItemText primary={t('check.language', { language: t(`common:language.${i18n.language}`, { defaultValue: i18n.language }) })} />
        </ListItem>
      </List>
      {!health.isPending && <Alert severity={allOk ? 'success' : 'warning'}>{t(allOk ? 'check.allOk' : 'check.notAllOk')}</Alert>}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button variant="outlined" onClick={() => void health.refetch()} disabled={health.isFetching}>
          {t('check.again')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/">
          {t('check.openArchive')}
        </Button>
      </Stack>
    </Paper>
  );
}
