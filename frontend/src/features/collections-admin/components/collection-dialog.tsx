import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Thumbnail } from '@/components/thumbnail';
import { useToast } from '@/components/toast/toast-context';
import { checkPhoto, PHOTO_ACCEPT } from '@/lib/photo-files';
import { useCreateCollection } from '../api/create-collection';
import { useUpdateCollection } from '../api/update-collection';
import type { CollectionForm, CollectionNode } from '../types';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;

/** Create a collection (`parent` null) or a sub-collection of `parent`; or edit `node`. */
export type CollectionDialogMode = { mode: 'create'; parent: CollectionNode | null } | { mode: 'edit'; node: CollectionNode; parent: CollectionNode | null };

type Props = { mode: CollectionDialogMode; onClose: () => void; onCreated: (node: CollectionNode) => void };

type Problems = Partial<Record<'name' | 'description' | 'thumbnail', string>>;

/** The create / edit modal of a collection or sub-collection: name, description, active, banner (collections only), thumbnail image. */
export function CollectionDialog({ mode, onClose, onCreated }: Props) {
  const { t } = useTranslation(['collectionsAdmin', 'errors']);
  const toast = useToast();
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const input = useRef<HTMLInputElement>(null);
  const bannerHintId = useId();
  const editing = mode.mode === 'edit' ? mode.node : null;
  const isSub = mode.parent !== null;
  const [form, setForm] = useState<CollectionForm>(() => ({
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    isActive: editing?.isActive ?? true,
    isBanner: editing?.isBanner ?? false,
    thumbnailImage: null,
  }));
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof CollectionForm>(field: K, value: CollectionForm[K]) => setForm((current) => ({ ...current, [field]: value }));
  const mutation = editing ? update : create;
  // A new collection needs its thumbnail; a sub-collection's and an edit's are optional.
  const thumbnailRequired = mode.mode === 'create' && !isSub;

  const check = (): Problems => {
    const problems: Problems = {};
    if (!form.name.trim()) problems.name = t('collectionsAdmin:form.required');
    if (!form.description.trim()) problems.description = t('collectionsAdmin:form.required');
    const photoProblem = form.thumbnailImage ? checkPhoto(form.thumbnailImage) : null;
    if (photoProblem) problems.thumbnail = t(`errors:${photoProblem}`);
    else if (thumbnailRequired && !form.thumbnailImage) problems.thumbnail = t('collectionsAdmin:form.thumbnailRequired');
    return problems;
  };
  const problems = submitted ? check() : {};

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(check()).length > 0) return;
    if (editing) {
      update.mutate(
        {
          id: editing.id,
          name: form.name,
          description: form.description,
          isActive: form.isActive,
          // Only a collection can be a banner: a sub-collection's form leaves the field out.
          ...(isSub ? {} : { isBanner: form.isBanner }),
          thumbnailImage: form.thumbnailImage,
        },
        {
          onSuccess: () => {
            toast(t('collectionsAdmin:form.saved', { name: form.name.trim() }), 'success');
            onClose();
          },
        },
      );
    } else {
      create.mutate(
        { ...form, parentId: mode.parent?.id ?? null },
        {
          onSuccess: (node) => {
            toast(t('collectionsAdmin:form.created', { name: node.name }), 'success');
            onClose();
            onCreated(node);
          },
        },
      );
    }
  };

  const title = editing
    ? t(isSub ? 'collectionsAdmin:form.editSubTitle' : 'collectionsAdmin:form.editTitle', { name: editing.name })
    : isSub
      ? t('collectionsAdmin:form.createSubTitle', { name: mode.parent?.name ?? '' })
      : t('collectionsAdmin:form.createTitle');

  return (
    <FormDialog
      title={title}
      submitLabel={editing ? t('collectionsAdmin:form.save') : t('collectionsAdmin:form.create')}
      onSubmit={submit}
      onClose={onClose}
      pending={mutation.isPending}
      error={mutation.error}
    >
      <TextField
        autoFocus
        label={t('collectionsAdmin:form.name')}
        value={form.name}
        onChange={(event) => set('name', event.target.value)}
        required
        error={Boolean(problems.name)}
        helperText={problems.name}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      <TextField
        label={t('collectionsAdmin:form.description')}
        value={form.description}
        onChange={(event) => set('description', event.target.value)}
        required
        multiline
        minRows={3}
        error={Boolean(problems.description)}
        helperText={problems.description}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
      />
      <FormControlLabel
        control={<Switch checked={form.isActive} onChange={(event) => set('isActive', event.target.checked)} />}
        label={t('collectionsAdmin:form.active')}
      />
      {!isSub && (
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={form.isBanner}
                onChange={(event) => set('isBanner', event.target.checked)}
                slotProps={{ input: { 'aria-describedby': bannerHintId } }}
                data-testid="banner-switch"
              />
            }
            label={t('collectionsAdmin:form.banner')}
          />
          <FormHelperText id={bannerHintId} sx={{ mt: -0.5, ml: 0 }}>
            {t('collectionsAdmin:form.bannerHint')}
          </FormHelperText>
        </Stack>
      )}
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="span">
          {t(thumbnailRequired ? 'collectionsAdmin:form.thumbnailRequiredLabel' : 'collectionsAdmin:form.thumbnail')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {editing?.coverUri && !form.thumbnailImage && <Thumbnail src={editing.coverUri} alt={t('collectionsAdmin:form.currentThumbnail')} size={64} />}
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {t('collectionsAdmin:form.chooseThumbnail')}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="thumbnail-name" noWrap>
            {form.thumbnailImage?.name ?? (editing ? t('collectionsAdmin:form.keepThumbnail') : t('collectionsAdmin:form.noThumbnail'))}
          </Typography>
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          accept={PHOTO_ACCEPT}
          data-testid="thumbnail-input"
          aria-label={t('collectionsAdmin:form.chooseThumbnail')}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (file) set('thumbnailImage', file);
          }}
        />
        {problems.thumbnail ? <FormHelperText error>{problems.thumbnail}</FormHelperText> : <FormHelperText>{t('collectionsAdmin:form.thumbnailHint')}</FormHelperText>}
      </Stack>
    </FormDialog>
  );
}
