import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@/api/api-error';
import { isAbortError } from '@/api/api-upload';
import { AddIcon } from '@/components/icons/add-icon';
import { ArrowDownwardIcon } from '@/components/icons/arrow-downward-icon';
import { ArrowUpwardIcon } from '@/components/icons/arrow-upward-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { Thumbnail } from '@/components/thumbnail';
import { errorCodeOf } from '@/lib/error-message';
import { BANNER_LINK_MAX } from '@/lib/banner-link';
import { bannerImageUrl } from '@/lib/image-url';
import { supportedLocales, type Locale } from '@/lib/locale';
import { moveItem } from '@/lib/move-item';
import { checkPhoto, PHOTO_ACCEPT } from '@/lib/photo-files';
import type { StudioBanner } from '@/types/configuration';
import { useUploadBanner } from '../api/upload-banner';
import { BANNER_COUNT_MAX, BANNER_TITLE_MAX, bannerLinkProblem, bannerTitleProblem, newBanner } from '../lib/general-settings';

type Direction = 'up' | 'down';

type Props = {
  banners: StudioBanner[];
  /** The whole list after an edit, a move or a removal. */
  onChange: (banners: StudioBanner[]) => void;
  /** A banner uploaded just now, to append to the list as it is then (an upload takes a while: the form may have changed meanwhile). */
  onAdd: (banner: StudioBanner) => void;
  /** The field's problem, said under the banners; the link and title fields that cause it are marked. */
  problem: string | undefined;
  disabled: boolean;
};

/**
 * The studio's banners atop the archive, in order: each with its image, its title in each language
 * and its link, moved up and down or removed. "Add banner" uploads an image at once and appends a
 * banner for it; the list itself is saved with the other general settings.
 */
export function BannersField({ banners, onChange, onAdd, problem, disabled }: Props) {
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const baseId = useId();
  const problemId = `${baseId}-problem`;
  const limitId = `${baseId}-limit`;
  const upload = useUploadBanner();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // The arrow pressed last keeps the focus while its banner moves (the other arrow once at an end).
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  const [percent, setPercent] = useState(0);
  const [uploadError, setUploadError] = useState<ErrorCode | null>(null);
  const uploading = upload.isPending;
  const full = banners.length >= BANNER_COUNT_MAX;

  // An upload ends renders later: its banner goes through the newest `onAdd` (the form as it is by then).
  const add = useRef(onAdd);
  useEffect(() => {
    add.current = onAdd;
  }, [onAdd]);

  // Leaving the page stops an upload under way.
  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    const pressed = focusAfterMove.current;
    if (!pressed) return;
    focusAfterMove.current = null;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-move]') ?? [])];
    const button = (direction: Direction) => buttons.find((candidate) => candidate.dataset.move === `${pressed.id}:${direction}` && !candidate.disabled);
    (button(pressed.direction) ?? button(pressed.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [banners]);

  const change = (index: number, banner: StudioBanner) => onChange(banners.map((other, at) => (at === index ? banner : other)));
  const move = (index: number, direction: Direction) => {
    const banner = banners[index];
    if (!banner) return;
    focusAfterMove.current = { id: banner.id, direction };
    onChange(moveItem(banners, index, direction === 'up' ? index - 1 : index + 1));
  };

  const pick = (file: File) => {
    const refusal = checkPhoto(file);
    setUploadError(refusal);
    if (refusal) return;
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    upload.mutate(
      { file, signal: abort.signal, onProgress: ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0) },
      {
        onSuccess: (uploaded) => add.current(newBanner(uploaded.id)),
        onError: (error) => {
          if (!isAbortError(error)) setUploadError(errorCodeOf(error));
        },
        onSettled: () => {
          controller.current = null;
        },
      },
    );
  };

  // The link and title fields to mark once a problem is said.
  const marked = Boolean(problem);

  return (
    <Box role="group" aria-describedby={problem ? problemId : undefined} data-testid="banner-settings">
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('settings:general.bannersIntro')}
        </Typography>
        {banners.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="banners-empty">
            {t('settings:general.bannersEmpty')}
          </Typography>
        )}
        {banners.length > 0 && (
          <Stack ref={list} spacing={1.5}>
            {banners.map((banner, index) => {
              const number = index + 1;
              const headingId = `${baseId}-banner-${index}`;
              const arrow = (direction: Direction) => (
                <IconButton
                  size="small"
                  aria-label={t(direction === 'up' ? 'settings:general.bannerMoveUp' : 'settings:general.bannerMoveDown', { number })}
                  disabled={disabled || (direction === 'up' ? index === 0 : index === banners.length - 1)}
                  onClick={() => move(index, direction)}
                  data-move={`${banner.id}:${direction}`}
                >
                  {direction === 'up' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
                </IconButton>
              );
              return (
                <Box
                  key={banner.id}
                  role="group"
                  aria-labelledby={headingId}
                  data-testid="banner-setting"
                  data-id={banner.id}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
                >
                  <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography id={headingId} variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                      {t('settings:general.bannerN', { number })}
                    </Typography>
                    {arrow('up')}
                    {arrow('down')}
                    <IconButton size="small" edge="end" aria-label={t('settings:general.bannerRemove', { number })} disabled={disabled} onClick={() => onChange(banners.filter((_, at) => at !== index))}>
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <Thumbnail src={bannerImageUrl(banner.id, 'thumb')} alt={t('settings:general.bannerImage', { number })} size={96} width={176} />
                    <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
                      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1 }}>
                        {supportedLocales.map((language: Locale) => (
                          <TextField
                            key={language}
                            size="small"
                            label={t('settings:general.bannerTitle', { language: t(`common:language.${language}`) })}
                            value={banner.title[language]}
                            onChange={(event) => change(index, { ...banner, title: { ...banner.title, [language]: event.target.value } })}
                            error={marked && bannerTitleProblem(banner.title[language])}
                            disabled={disabled}
                            slotProps={{ htmlInput: { lang: language, maxLength: BANNER_TITLE_MAX } }}
                          />
                        ))}
                      </Box>
                      <Typography variant="caption" color="text.secondary" sx={{ mt: -0.5 }}>
                        {t('settings:general.bannerTitleHelp')}
                      </Typography>
                      <TextField
                        size="small"
                        label={t('settings:general.bannerLink')}
                        placeholder="/archive?labels=3"
                        value={banner.link}
                        onChange={(event) => change(index, { ...banner, link: event.target.value })}
                        error={marked && bannerLinkProblem(banner.link)}
                        helperText={t('settings:general.bannerLinkHelp')}
                        disabled={disabled}
                        slotProps={{ htmlInput: { maxLength: BANNER_LINK_MAX, spellCheck: false, autoComplete: 'off' } }}
                      />
                    </Stack>
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        )}
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => input.current?.click()}
            disabled={disabled || full}
            loading={uploading}
            aria-describedby={full ? limitId : undefined}
            data-testid="add-banner"
          >
            {t('settings:general.addBanner')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={PHOTO_ACCEPT}
            data-testid="banner-input"
            aria-label={t('settings:general.addBanner')}
            onChange={(event) => {
              const [file] = [...(event.target.files ?? [])];
              event.target.value = '';
              if (file) pick(file);
            }}
          />
          {uploading && (
            <Box sx={{ width: '100%', maxWidth: 360 }} data-testid="banner-upload">
              <Typography variant="caption" color="text.secondary">
                {t('settings:general.bannerUploading', { percent })}
              </Typography>
              <LinearProgress variant="determinate" value={percent} aria-label={t('settings:general.bannerUploadProgress')} />
            </Box>
          )}
          {uploadError && (
            <FormHelperText error data-testid="banner-upload-error" sx={{ mx: 0 }}>
              {t(`errors:${uploadError}`)}
            </FormHelperText>
          )}
          {full && (
            <FormHelperText id={limitId} sx={{ mx: 0 }}>
              {t('settings:general.bannerLimit', { max: BANNER_COUNT_MAX })}
            </FormHelperText>
          )}
        </Stack>
        {problem && (
          <FormHelperText id={problemId} error sx={{ mx: 0 }}>
            {problem}
          </FormHelperText>
        )}
      </Stack>
    </Box>
  );
}
