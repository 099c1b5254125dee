import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useCreateLabel } from '../api/create-label';
import { useUpdateLabel } from '../api/update-label';
import { checkDraft, draftOf, emptyDraft, serverProblems, type FieldProblem, type LabelField } from '../lib/label-form';
import { nameIn } from '../lib/names';
import { labelLanguages, type AdminLabel, type LabelDraft } from '../types';

type Props = { label: AdminLabel | null; labels: readonly AdminLabel[]; onClose: () => void };

/** The value of the group select for "no group" (a select's value cannot be null). */
const NO_GROUP = '';

/**
 * Creates a label (`label` null) or edits one: its names in Turkish, English and Russian, whether it
 * is a group header, and the group header it is listed under.
 */
export function LabelDialog({ label, labels, onClose }: Props) {
  const { t, i18n } = useTranslation(['labels', 'errors']);
  const locale = i18n.resolvedLanguage;
  const toast = useToast();
  const create = useCreateLabel();
  const update = useUpdateLabel();
  const mutation = label ? update : create;
  const headerHelpId = useId();
  const [draft, setDraft] = useState<LabelDraft>(() => (label ? draftOf(label) : emptyDraft()));
  const [submitted, setSubmitted] = useState(false);

  // A change after a refusal takes the refusal away (it was about what was sent).
  const change = (next: (current: LabelDraft) => LabelDraft) => {
    setDraft(next);
    if (mutation.error) mutation.reset();
  };

  const fromServer = serverProblems(mutation.error);
  const problems = { ...(submitted ? checkDraft(draft) : {}), ...fromServer };
  const problemText = (field: LabelField): string | undefined => {
    const problem: FieldProblem | undefined = problems[field];
    if (!problem) return undefined;
    return problem.kind === 'required' ? t('labels:form.required') : t(`errors:${problem.code}`);
  };
  const headers = labels.filter((other) => other.isGroupHeader && other.id !== label?.id);

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(checkDraft(draft)).length > 0) return;
    const onSuccess = (saved: AdminLabel) => {
      toast(t(label ? 'labels:form.saved' : 'labels:form.created', { name: nameIn(saved, locale) }), 'success');
      onClose();
    };
    if (label) update.mutate({ id: label.id, draft }, { onSuccess });
    else create.mutate(draft, { onSuccess });
  };

  return (
    <FormDialog
      title={label ? t('labels:form.editTitle', { name: nameIn(label, locale) }) : t('labels:form.createTitle')}
      submitLabel={label ? t('labels:form.save') : t('labels:form.create')}
      onSubmit={submit}
      onClose={onClose}
      pending={mutation.isPending}
      // A refusal about one field is shown on that field.
      error={Object.keys(fromServer).length > 0 ? null : mutation.error}
    >
      {labelLanguages.map((language, index) => {
        const field = `names.${language}` as const;
        return (
          <TextField
            key={language}
            autoFocus={index === 0}
            margin="none"
            label={t(`labels:form.${language}`)}
            value={draft.names[language]}
            onChange={(event) => {
              const value = event.target.value;
              change((current) => ({ ...current, names: { ...current.names, [language]: value } }));
            }}
            required
            error={Boolean(problems[field])}
            helperText={problemText(field)}
            slotProps={{ htmlInput: { lang: language } }}
          />
        );
      })}
      <Stack>
        <FormControlLabel
          control={
            <Switch
              checked={draft.isGroupHeader}
              onChange={(event) => {
                const isGroupHeader = event.target.checked;
                change((current) => ({ ...current, isGroupHeader, groupId: isGroupHeader ? null : current.groupId }));
              }}
              slotProps={{ input: { 'aria-describedby': headerHelpId } }}
            />
          }
          label={t('labels:form.isGroupHeader')}
        />
        <FormHelperText id={headerHelpId} sx={{ mt: -0.5, mx: 0 }}>
          {t('labels:form.isGroupHeaderHelp')}
        </FormHelperText>
      </Stack>
      <TextField
        select
        margin="none"
        label={t('labels:form.group')}
        value={draft.groupId === null ? NO_GROUP : String(draft.groupId)}
        disabled={draft.isGroupHeader}
        onChange={(event) => {
          const value = event.target.value;
          change((current) => ({ ...current, groupId: value === NO_GROUP ? null : Number(value) }));
        }}
        error={Boolean(problems.groupId)}
        helperText={problemText('groupId') ?? (draft.isGroupHeader ? t('labels:form.headerGroupHelp') : t('labels:form.groupHelp'))}
      >
        <MenuItem value={NO_GROUP}>{t('labels:form.noGroup')}</MenuItem>
        {headers.map((header) => (
          <MenuItem key={header.id} value={String(header.id)}>
            {nameIn(header, locale)}
          </MenuItem>
        ))}
        {/* A group the list no longer has (deleted meanwhile) is still shown as chosen. */}
        {draft.groupId !== null && !headers.some((header) => header.id === draft.groupId) && (
          <MenuItem value={String(draft.groupId)}>#{draft.groupId}</MenuItem>
        )}
      </TextField>
    </FormDialog>
  );
}
