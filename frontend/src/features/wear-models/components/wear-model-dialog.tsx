import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLabels } from '@/api/reference/get-admin-labels';
import { FormDialog } from '@/components/form-dialog';
import { Thumbnail } from '@/components/thumbnail';
import { useToast } from '@/components/toast/toast-context';
import type { Label } from '@/types/design';
import { useCreateWearModel } from '../api/create-wear-model';
import { useUpdateWearModel } from '../api/update-wear-model';
import { checkDraft, draftOf, emptyDraft, NAME_MAX, nameFields, nameIn, serverProblems, type FieldProblem, type WearField } from '../lib/wear-form';
import { wearImages, wearLanguages, type WearDraft, type WearModel } from '../types';
import { WearImageField } from './wear-image-field';

type Props = { model: WearModel | null; onClose: () => void };

/**
 * Adds a wear model (`model` null) or edits one: its names in Turkish, English and Russian, the
 * garment's real width, its order, labels and state, and its four images (the garment photo and
 * its mask required for a new model; on an edit they replace the images only together).
 */
export function WearModelDialog({ model, onClose }: Props) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const toast = useToast();
  const labels = useAdminLabels();
  const create = useCreateWearModel();
  const update = useUpdateWearModel();
  const mutation = model ? update : create;
  const mode = model ? 'edit' : 'create';
  const enabledHintId = useId();
  const [draft, setDraft] = useState<WearDraft>(() => (model ? draftOf(model) : emptyDraft()));
  const [submitted, setSubmitted] = useState(false);

  // A change after a refusal takes the refusal away (it was about what was sent).
  const change = (next: (current: WearDraft) => WearDraft) => {
    setDraft(next);
    if (mutation.error) mutation.reset();
  };
  const set = <K extends keyof WearDraft>(field: K, value: WearDraft[K]) => change((current) => ({ ...current, [field]: value }));

  const fromServer = serverProblems(mutation.error);
  const problems = { ...(submitted ? checkDraft(draft, mode) : {}), ...fromServer };
  const problemText = (field: WearField): string | undefined => {
    const problem: FieldProblem | undefined = problems[field];
    if (!problem) return undefined;
    return problem.kind === 'local' ? t(`admin:wearModels.problems.${problem.key}`) : t(`errors:${problem.code}`);
  };

  const labelOptions = (labels.data ?? []).filter((label) => !label.isGroupHeader);
  const groupNames = new Map((labels.data ?? []).filter((label) => label.isGroupHeader).map((label) => [label.groupId ?? label.id, label.label]));
  const groupOf = (label: Label) => (label.groupId !== null && label.groupId !== undefined ? (groupNames.get(label.groupId) ?? '') : '');
  const sortedOptions = [...labelOptions].sort((a, b) => groupOf(a).localeCompare(groupOf(b)) || a.label.localeCompare(b.label));
  // The model's own labels (by name) stand in until the label list has loaded.
  const known = new Map<number, Label>([
    ...(model?.labels ?? []).map((label) => [label.id, { ...label, labelSef: '', groupId: null, isGroupHeader: false }] as const),
    ...labelOptions.map((label) => [label.id, label] as const),
  ]);
  const selectedLabels = draft.labelIds.map((id) => known.get(id) ?? { id, label: `#${id}`, labelSef: '', groupId: null, isGroupHeader: false });

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(checkDraft(draft, mode)).length > 0) return;
    const onSuccess = (saved: WearModel) => {
      toast(t(model ? 'admin:wearModels.form.saved' : 'admin:wearModels.form.created', { name: saved.wearName }), 'success');
      onClose();
    };
    if (model) update.mutate({ guid: model.guid, draft }, { onSuccess });
    else create.mutate(draft, { onSuccess });
  };

  return (
    <FormDialog
      title={model ? t('admin:wearModels.form.editTitle', { name: nameIn(model.names, i18n.resolvedLanguage, model.wearName) }) : t('admin:wearModels.form.createTitle')}
      submitLabel={model ? t('admin:wearModels.form.save') : t('admin:wearModels.form.create')}
      onSubmit={submit}
      onClose={onClose}
      pending={mutation.isPending}
      // A refusal about one field is shown on that field.
      error={Object.keys(fromServer).length > 0 ? null : mutation.error}
      maxWidth="md"
    >
      {wearLanguages.map((language, index) => {
        const field = nameFields[language];
        return (
          <TextField
            key={language}
            autoFocus={index === 0}
            label={t(`admin:wearModels.form.${field}`)}
            value={draft.names[language]}
            onChange={(event) => {
              const value = event.target.value;
              change((current) => ({ ...current, names: { ...current.names, [language]: value } }));
            }}
            required
            error={Boolean(problems[field])}
            helperText={problemText(field)}
            slotProps={{ htmlInput: { maxLength: NAME_MAX, lang: language } }}
          />
        );
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('admin:wearModels.form.widthCm')}
          value={draft.widthCm}
          onChange={(event) => set('widthCm', event.target.value)}
          required
          error={Boolean(problems.widthCm)}
          helperText={problemText('widthCm') ?? t('admin:wearModels.form.widthHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label={t('admin:wearModels.form.wearOrder')}
          value={draft.wearOrder}
          onChange={(event) => set('wearOrder', event.target.value)}
          error={Boolean(problems.wearOrder)}
          helperText={problemText('wearOrder') ?? t('admin:wearModels.form.orderHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Autocomplete
        multiple
        options={sortedOptions}
        value={selectedLabels}
        loading={labels.isPending}
        groupBy={groupNames.size > 0 ? groupOf : undefined}
        getOptionLabel={(label) => label.label}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        filterSelectedOptions
        noOptionsText={t('admin:wearModels.form.noLabels')}
        onChange={(_event, value) => set('labelIds', value.map((label) => label.id))}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('admin:wearModels.form.labels')}
            error={Boolean(problems.labelIds)}
            helperText={problemText('labelIds') ?? t('admin:wearModels.form.labelsHelp')}
          />
        )}
      />
      <Stack>
        <FormControlLabel
          control={
            <Switch
              checked={draft.isEnabled}
              onChange={(event) => set('isEnabled', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': enabledHintId } }}
            />
          }
          label={t('admin:wearModels.form.enabled')}
        />
        <FormHelperText id={enabledHintId} sx={{ mt: -0.5, mx: 0 }}>
          {t('admin:wearModels.form.enabledHelp')}
        </FormHelperText>
      </Stack>
      <Typography variant="subtitle1" component="h3">
        {t('admin:wearModels.form.images')}
      </Typography>
      {model && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Thumbnail src={model.thumbnail} alt={t('admin:wearModels.form.currentImage', { name: model.wearName })} size={72} />
          <Alert severity="info" sx={{ flex: 1 }} data-testid="wear-images-note">
            {t('admin:wearModels.form.editImagesNote')}
          </Alert>
        </Stack>
      )}
      {wearImages.map((image) => (
        <WearImageField
          key={image}
          image={image}
          file={draft.files[image]}
          onChange={(file) => change((current) => ({ ...current, files: { ...current.files, [image]: file } }))}
          required={!model && (image === 'garment' || image === 'mask')}
          editing={Boolean(model)}
          problem={problemText(image)}
        />
      ))}
    </FormDialog>
  );
}
