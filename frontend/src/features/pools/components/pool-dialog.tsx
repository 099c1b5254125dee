import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/api-error';
import { CriteriaEditor } from '@/components/criteria-editor';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { emptyCriteria } from '@/lib/pool-criteria';
import type { Pool } from '@/types/pool';
import { useSavePool } from '../api/save-pool';
import { checkPool, draftOf, emptyPool, poolSave, type PoolDraft } from '../lib/pool-form';
import { DesignPicker } from './design-picker';
import { PoolPreview } from './pool-preview';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Create (pool = null) or edit a pool: name, description, searches, designs and wear models. Mounted per pool. */
export function PoolDialog({ pool, onClose }: { pool: Pool | null; onClose: () => void }) {
  const { t } = useTranslation(['pools', 'common', 'errors']);
  const titleId = useId();
  const toast = useToast();
  const save = useSavePool();
  const [draft, setDraft] = useState<PoolDraft>(() => (pool ? draftOf(pool) : emptyPool));
  const [active, setActive] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof PoolDraft>(field: K, value: PoolDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  const problems = submitted ? checkPool(draft) : {};
  const serverCode = isApiError(save.error) ? save.error.code : null;
  const nameCode = problems.name ?? (serverCode === 'pool_name_required' || serverCode === 'pool_name_taken' ? serverCode : undefined);
  const contentCode = problems.content ?? (serverCode === 'pool_empty' ? serverCode : undefined);
  const current = draft.searches[active];

  const addSearch = () => {
    set('searches', [...draft.searches, { ...emptyCriteria }]);
    setActive(draft.searches.length);
  };
  const removeSearch = (index: number) => {
    set(
      'searches',
      draft.searches.filter((_search, other) => other !== index),
    );
    setActive(Math.max(0, index - 1));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(checkPool(draft)).length > 0) return;
    save.mutate(poolSave(draft), {
      onSuccess: (saved) => {
        toast(t('pools:done.saved', { name: saved.name }), 'success');
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{pool ? t('pools:dialog.editTitle', { name: pool.name }) : t('pools:dialog.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="pool-form" noValidate onSubmit={submit} spacing={3}>
          <Stack spacing={2}>
            <TextField
              label={t('pools:dialog.name')}
              value={draft.name}
              onChange={(event) => set('name', event.target.value)}
              required
              error={Boolean(nameCode)}
              helperText={nameCode ? t(`errors:${nameCode}`) : undefined}
            />
            <TextField label={t('pools:dialog.description')} value={draft.description} onChange={(event) => set('description', event.target.value)} multiline minRows={2} />
          </Stack>
          {contentCode && (
            <Alert severity="error" data-testid="pool-empty">
              {t(`errors:${contentCode}`)}
            </Alert>
          )}
          <Section title={t('pools:dialog.searches')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {draft.searches.length > 0 && (
                <Tabs value={Math.min(active, draft.searches.length - 1)} onChange={(_event, next: number) => setActive(next)} variant="scrollable" sx={{ flex: 1 }}>
                  {draft.searches.map((_search, index) => (
                    <Tab key={index} value={index} label={t('pools:dialog.searchN', { index: index + 1 })} />
                  ))}
                </Tabs>
              )}
              <Button onClick={addSearch}>{t('pools:dialog.addSearch')}</Button>
            </Stack>
            {current && (
              <>
                <CriteriaEditor
                  key={active}
                  criteria={current}
                  onChange={(criteria) =>
                    set(
                      'searches',
                      draft.searches.map((search, index) => (index === active ? criteria : search)),
                    )
                  }
                />
                <Button color="error" onClick={() => removeSearch(active)} sx={{ alignSelf: 'flex-start' }}>
                  {t('pools:dialog.removeSearch', { index: active + 1 })}
                </Button>
                <PoolPreview criteria={current} index={active} />
              </>
            )}
          </Section>
          <Divider />
          <Section title={t('pools:dialog.designs')}>
            <DesignPicker value={draft.designs} knownNumbers={pool?.designNumbers} onChange={(designs) => set('designs', designs)} />
          </Section>
          <Divider />
          <Section title={t('pools:dialog.wearModels')}>
            <TextField size="small" label={t('pools:dialog.wearModels')} value={draft.wearGuids.join(', ')} disabled helperText={t('pools:dialog.wearModelsNote')} />
          </Section>
          <ErrorAlert error={nameCode || contentCode ? null : save.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" form="pool-form" variant="contained" loading={save.isPending}>
          {t('pools:dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
