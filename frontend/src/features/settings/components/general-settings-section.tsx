import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminArchives } from '@/api/reference/get-admin-archives';
import { ChipsField } from '@/components/chips-field';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import type { StudioBanner } from '@/types/configuration';
import { useGeneralSettings } from '../api/get-general-settings';
import { useSaveGeneralSettings } from '../api/save-general-settings';
import {
  checkDraft,
  COMPANY_CODE_MAX,
  documentOf,
  draftOf,
  IMAGE_BASE_MAX,
  PAGE_SIZE_MAX,
  PAGE_SIZE_MIN,
  sameDraft,
  serverProblems,
  type GeneralDraft,
  type GeneralField,
} from '../lib/general-settings';
import { BannersField } from './banners-field';
import { CadFormatsField } from './cad-formats-field';
import { ParameterNamesField } from './parameter-names-field';

const switches = ['languageSelection', 'aiSearch', 'cadSelection', 'cadDownloadAll', 'export'] as const;
type SwitchKey = (typeof switches)[number];

/** The contract's "every archive" (`defaultArchiveId` -1), and the archive search's orders: 0 upload date, 1 edit date, 2 number. */
const ALL_ARCHIVES = -1;
const orders = [0, 1, 2] as const;

/** A titled group of the form. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** A switch with a line of explanation under it. */
function SettingSwitch({ label, help, checked, onChange, disabled }: { label: string; help: string; checked: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        label={label}
        control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} slotProps={{ input: { 'aria-describedby': helpId } }} />}
      />
      <FormHelperText id={helpId} sx={{ mt: -0.5, mx: 0 }}>
        {help}
      </FormHelperText>
    </Box>
  );
}

/**
 * "General": the studio's general settings (GET/PUT /admin/settings/general), saved as one
 * document. A refusal naming a field is said on that field; a save refreshes the configuration
 * every screen follows, so the whole app (this admin's too) applies it at once.
 */
export function GeneralSettingsSection() {
  const { t } = useTranslation(['settings', 'errors']);
  const toast = useToast();
  const current = useGeneralSettings();
  const archives = useAdminArchives();
  const save = useSaveGeneralSettings();
  // The edits not saved yet; null shows what the server holds.
  const [draft, setDraft] = useState<GeneralDraft | null>(null);
  // The form's own checks are said once a save was tried, then follow every change.
  const [submitted, setSubmitted] = useState(false);
  const saved = current.data ? draftOf(current.data) : null;
  const shown = draft ?? saved;
  const changed = Boolean(draft && saved && !sameDraft(draft, saved));
  const busy = save.isPending;

  const fromServer = serverProblems(save.error);
  const problems = { ...(submitted && shown ? checkDraft(shown) : {}), ...fromServer };
  const hasProblems = Object.keys(problems).length > 0;
  const problemText = (field: GeneralField): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    return problem.kind === 'field' ? t(`settings:general.problems.${field}`) : t(`errors:${problem.code}`);
  };

  // A change after a refusal takes the refusal away (it was about what was sent).
  const set = <K extends keyof GeneralDraft>(key: K, value: GeneralDraft[K]) => {
    if (!shown) return;
    setDraft({ ...shown, [key]: value });
    if (save.error) save.reset();
  };
  // A banner whose upload has just finished: appended to the form as it is now, not as it was when the upload began.
  const addBanner = (banner: StudioBanner) => {
    setDraft((previous) => {
      const base = previous ?? saved;
      return base ? { ...base, banners: [...base.banners, banner] } : previous;
    });
    if (save.error) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !changed || busy) return;
    setSubmitted(true);
    if (Object.keys(checkDraft(draft)).length > 0) return;
    save.mutate(documentOf(draft), {
      onSuccess: () => {
        setDraft(null);
        setSubmitted(false);
        toast(t('settings:general.saved'), 'success');
      },
    });
  };
  const undo = () => {
    setDraft(null);
    setSubmitted(false);
    save.reset();
  };

  const archiveKnown = shown?.defaultArchiveId === ALL_ARCHIVES || Boolean(archives.data?.some((archive) => archive.archiveId === shown?.defaultArchiveId));

  return (
    <Stack component="section" aria-labelledby="general-settings-title" spacing={1.5} sx={{ maxWidth: 900 }} data-testid="general-settings">
      <Typography id="general-settings-title" variant="h2">
        {t('settings:general.title')}
      </Typography>
      <Typography color="text.secondary">{t('settings:general.intro')}</Typography>
      {current.isPending && <LinearProgress aria-label={t('settings:general.loading')} />}
      <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />
      {shown && (
        <Stack component="form" noValidate onSubmit={submit} spacing={3} sx={{ pt: 1 }}>
          <Part title={t('settings:general.sections.features')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, rowGap: 1 }}>
              {switches.map((key: SwitchKey) => (
                <SettingSwitch
                  key={key}
                  label={t(`settings:general.switches.${key}`)}
                  help={t(`settings:general.switches.${key}Help`)}
                  checked={shown[key]}
                  onChange={(on) => set(key, on)}
                  disabled={busy}
                />
              ))}
            </Box>
          </Part>

          <Part title={t('settings:general.sections.search')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                size="small"
                label={t('settings:general.defaultArchive')}
                value={String(shown.defaultArchiveId)}
                onChange={(event) => set('defaultArchiveId', Number(event.target.value))}
                error={Boolean(problems.defaultArchiveId)}
                helperText={problemText('defaultArchiveId')}
                disabled={busy}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: 2 }}
              >
                <option value={String(ALL_ARCHIVES)}>{t('settings:general.allArchives')}</option>
                {archives.data?.map((archive) => (
                  <option key={archive.archiveId} value={String(archive.archiveId)}>
                    {archive.archiveName}
                  </option>
                ))}
                {/* The saved archive while the list loads, or one the list no longer holds: still shown as chosen. */}
                {!archiveKnown && <option value={String(shown.defaultArchiveId)}>{`#${shown.defaultArchiveId}`}</option>}
              </TextField>
              <TextField
                select
                size="small"
                label={t('settings:general.defaultOrder')}
                value={String(shown.defaultOrder)}
                onChange={(event) => set('defaultOrder', Number(event.target.value))}
                error={Boolean(problems.defaultOrder)}
                helperText={problemText('defaultOrder')}
                disabled={busy}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: 2 }}
              >
                {orders.map((order) => (
                  <option key={order} value={String(order)}>
                    {t(`settings:general.orders.${order}`)}
                  </option>
                ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={t('settings:general.pageSize')}
                value={shown.pageSize}
                onChange={(event) => set('pageSize', event.target.value)}
                error={Boolean(problems.pageSize)}
                helperText={problemText('pageSize') ?? t('settings:general.pageSizeHelp')}
                disabled={busy}
                slotProps={{ htmlInput: { min: PAGE_SIZE_MIN, max: PAGE_SIZE_MAX, step: 1, inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
              {t('settings:general.searchHelp')}
            </Typography>
          </Part>

          <Part title={t('settings:general.sections.images')}>
            {(
              [
                ['contentImageBase', 'https://cdn.example.com'],
                ['uploadBase', 'http://import.studio.local:8080'],
              ] as const
            ).map(([field, example]) => (
              <TextField
                key={field}
                size="small"
                type="url"
                label={t(`settings:general.${field}`)}
                placeholder={example}
                value={shown[field]}
                onChange={(event) => set(field, event.target.value)}
                error={Boolean(problems[field])}
                helperText={problemText(field) ?? t(`settings:general.${field}Help`)}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: IMAGE_BASE_MAX, spellCheck: false } }}
              />
            ))}
          </Part>

          <Part title={t('settings:general.sections.banners')}>
            <BannersField banners={shown.banners} onChange={(banners) => set('banners', banners)} onAdd={addBanner} problem={problemText('banners')} disabled={busy} />
          </Part>

          <Part title={t('settings:general.sections.parameters')}>
            <Typography variant="body2" color="text.secondary">
              {t('settings:general.parameterNamesIntro')}
            </Typography>
            <ParameterNamesField names={shown.parameterNames} onChange={(names) => set('parameterNames', names)} problem={problemText('parameterNames')} disabled={busy} />
          </Part>

          <Part title={t('settings:general.sections.mail')}>
            <TextField
              size="small"
              type="email"
              label={t('settings:general.studioMail')}
              value={shown.studioMail}
              onChange={(event) => set('studioMail', event.target.value)}
              error={Boolean(problems.studioMail)}
              helperText={problemText('studioMail') ?? t('settings:general.studioMailHelp')}
              disabled={busy}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
          </Part>

          <Part title={t('settings:general.sections.cad')}>
            <ChipsField
              label={t('settings:general.companyCodes')}
              value={shown.cadCompanyCodes}
              disabled={busy}
              // A code typed twice, or with spaces around it, is kept once and trimmed.
              normalise={(code) => code.trim() || null}
              onChange={(codes) => set('cadCompanyCodes', codes)}
              error={problemText('cadCompanyCodes')}
              helperText={t('settings:general.companyCodesHelp')}
              maxLength={COMPANY_CODE_MAX}
            />
            <CadFormatsField formats={shown.cadFormats} onChange={(formats) => set('cadFormats', formats)} problem={problemText('cadFormats')} disabled={busy} />
          </Part>

          {submitted && hasProblems && (
            <Alert severity="error" data-testid="general-settings-problems">
              {t('settings:general.checkFields')}
            </Alert>
          )}
          {/* A refusal about no field of the form (e.g. the session's rights). */}
          <ErrorAlert error={Object.keys(fromServer).length > 0 ? null : save.error} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={!changed} loading={busy} data-testid="save-general-settings">
              {t('settings:general.save')}
            </Button>
            <Button onClick={undo} disabled={!changed || busy}>
              {t('settings:general.reset')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
