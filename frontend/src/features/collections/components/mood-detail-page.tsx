import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { ChevronLeftIcon } from '@/components/icons/chevron-left-icon';
import { ChevronRightIcon } from '@/components/icons/chevron-right-icon';
import { PageSpinner } from '@/components/page-spinner';
import { Thumbnail } from '@/components/thumbnail';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMoodBoard } from '../api/get-mood-board';
import { isNotFound } from '../lib/not-found';
import { boardsPath, designPath, idOf, moodBoardPath, moodImagePath } from '../lib/paths';
import type { MoodBoard, MoodImage, MoodTag } from '../types';
import { CollectionBreadcrumbs } from './collection-breadcrumbs';
import { moodImageLabel } from './mood-labels';
import { StateMessage } from './state-message';

/** Where a tag sits on the image, as fractions from the left and the top; null when the studio did not place it. */
export function tagPosition(tag: MoodTag): { x: number; y: number } | null {
  if (tag.x === null || tag.y === null || !Number.isFinite(tag.x) || !Number.isFinite(tag.y)) return null;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return { x: clamp(tag.x), y: clamp(tag.y) };
}

/** Keys typed into a field are the field's, not the page's. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** ← and → open the previous and the next image. */
function useArrowKeys(previous: string | null, next: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, previous, next]);
}

/** A tag's number, the same on the image and in the list. */
function NumberBadge({ number, active, placed }: { number: number; active: boolean; placed: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        flexShrink: 0,
        width: 26,
        height: 26,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: 13,
        fontWeight: 700,
        color: placed ? 'common.white' : 'text.secondary',
        bgcolor: placed ? (active ? 'secondary.main' : 'primary.main') : 'action.selected',
        transition: 'background-color 120ms',
      }}
    >
      {number}
    </Box>
  );
}

type Highlight = { active: number | null; setActive: (index: number | null) => void };

/** The large image with the placed tags as numbered points over the fabric they mark. */
function ImageWithPoints({ image, label, highlight }: { image: MoodImage; label: string; highlight: Highlight }) {
  const { t } = useTranslation('collections');
  const sized = image.width > 0 && image.height > 0;
  const ratio = sized ? Math.round((image.width / image.height) * 10_000) / 10_000 : 1;
  return (
    <Box
      data-testid="mood-large"
      sx={{
        position: 'relative',
        mx: 'auto',
        bgcolor: 'action.hover',
        borderRadius: 1,
        // The frame has the image's shape and fits the window's height: the points stay on the fabric they mark.
        ...(sized ? { aspectRatio: `${image.width} / ${image.height}`, width: `min(100%, calc(75vh * ${ratio}))` } : { width: '100%' }),
      }}
    >
      <Box
        component="img"
        src={image.largeImageUri}
        alt={label}
        width={sized ? image.width : undefined}
        height={sized ? image.height : undefined}
        decoding="async"
        draggable={false}
        sx={{ display: 'block', width: '100%', height: sized ? '100%' : 'auto', borderRadius: 1 }}
      />
      {image.colorways.map((tag, index) => {
        const position = tagPosition(tag);
        if (!position) return null;
        const active = highlight.active === index;
        const number = index + 1;
        return (
          <Box
            key={tag.colorwayGuid}
            component={RouterLink}
            to={designPath(tag.designGuid, tag.colorwayGuid)}
            aria-label={t('detail.point', { number, design: tag.designName, colorway: tag.colorwayName })}
            data-testid="mood-point"
            data-number={number}
            data-active={active}
            onMouseEnter={() => highlight.setActive(index)}
            onMouseLeave={() => highlight.setActive(null)}
            onFocus={() => highlight.setActive(index)}
            onBlur={() => highlight.setActive(null)}
            style={{ left: `${position.x * 100}%`, top: `${position.y * 100}%` }}
            sx={{
              position: 'absolute',
              zIndex: active ? 2 : 1,
              width: 30,
              height: 30,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontSize: 14,
              fontWeight: 700,
              textDecoration: 'none',
              color: 'common.white',
              bgcolor: active ? 'secondary.main' : 'primary.main',
              border: 2,
              borderColor: 'common.white',
              boxShadow: 3,
              transform: `translate(-50%, -50%) scale(${active ? 1.3 : 1})`,
              transition: 'transform 120ms, background-color 120ms',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.light', outlineOffset: 2 },
            }}
          >
            {number}
          </Box>
        );
      })}
    </Box>
  );
}

/** The tagged colorways beside the image, each opening its design page. */
function TagList({ image, highlight }: { image: MoodImage; highlight: Highlight }) {
  const { t } = useTranslation('collections');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mood-colorways-title" sx={{ py: 1 }}>
      <Typography id="mood-colorways-title" variant="subtitle1" component="h2" sx={{ px: 2, py: 1, fontWeight: 600 }}>
        {t('detail.colorways')}
      </Typography>
      {image.colorways.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 1 }}>
          {t('detail.noColorways')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {image.colorways.map((tag, index) => {
            const placed = tagPosition(tag) !== null;
            const active = highlight.active === index;
            return (
              <ListItemButton
                key={tag.colorwayGuid}
                component={RouterLink}
                to={designPath(tag.designGuid, tag.colorwayGuid)}
                selected={active}
                data-testid="mood-colorway"
                data-number={index + 1}
                data-active={active}
                onMouseEnter={() => highlight.setActive(index)}
                onMouseLeave={() => highlight.setActive(null)}
                onFocus={() => highlight.setActive(index)}
                onBlur={() => highlight.setActive(null)}
                sx={{ gap: 1.5 }}
              >
                <NumberBadge number={index + 1} active={active} placed={placed} />
                <Thumbnail src={tag.thumbnail} alt="" size={48} />
                <ListItemText
                  primary={tag.designName}
                  secondary={placed ? tag.colorwayName : `${tag.colorwayName} · ${t('detail.notPlaced')}`}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

/** One image of the board: its neighbours, the image with its points, the list; a hover on either lights up both. */
function MoodImageView({ board, index }: { board: MoodBoard; index: number }) {
  const { t } = useTranslation('collections');
  const [active, setActive] = useState<number | null>(null);
  const image = board.images[index]!;
  const count = board.images.length;
  const number = index + 1;
  const previous = index > 0 ? moodImagePath(board.id, board.images[index - 1]!.id) : null;
  const next = index < count - 1 ? moodImagePath(board.id, board.images[index + 1]!.id) : null;
  useArrowKeys(previous, next);
  useDocumentTitle(`${board.name} · ${t('detail.position', { number, count })}`);
  const highlight = { active, setActive };

  const step = (to: string | null, label: string, icon: ReactNode, testId: string) =>
    to ? (
      <IconButton component={RouterLink} to={to} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    ) : (
      <IconButton disabled aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    );

  return (
    <Stack spacing={2} data-testid="mood-detail" data-image={image.id}>
      <CollectionBreadcrumbs
        items={[
          { label: t('boards.title'), to: boardsPath() },
          { label: board.collection.name, to: boardsPath(board.collection.id) },
          { label: board.name, to: moodBoardPath(board.id) },
          { label: t('moods.image', { number }) },
        ]}
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1">{board.name}</Typography>
        <Stack direction="row" sx={{ alignItems: 'center' }} role="navigation" aria-label={t('detail.navigation')}>
          {step(previous, t('detail.previous'), <ChevronLeftIcon />, 'mood-previous')}
          <Typography variant="body2" sx={{ minWidth: 56, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }} data-testid="mood-position">
            {t('detail.position', { number, count })}
          </Typography>
          {step(next, t('detail.next'), <ChevronRightIcon />, 'mood-next')}
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' } }}>
        <Box>
          <ImageWithPoints image={image} label={moodImageLabel(t, image, index)} highlight={highlight} />
          {count > 1 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'center', display: { xs: 'none', md: 'block' } }}>
              {t('detail.keyboardHint')}
            </Typography>
          )}
        </Box>
        <TagList image={image} highlight={highlight} />
      </Box>
    </Stack>
  );
}

/**
 * /collections-mood-detail/{id}/{moodid}: one photo of a mood board, large, with its tagged
 * colorways as numbered points and as a list leading to their design pages; the previous and the
 * next photo by buttons and the arrow keys. It reads the board's answer its masonry read already.
 */
export function MoodDetailPage() {
  const { t } = useTranslation('collections');
  const params = useParams();
  const boardId = idOf(params.id);
  const imageId = idOf(params.moodid);
  const board = useMoodBoard(boardId);
  const index = board.data?.images.findIndex((image) => image.id === imageId) ?? -1;

  if (boardId === null || isNotFound(board.error)) {
    return (
      <StateMessage
        title={t('moods.notFound')}
        action={
          <Button component={RouterLink} to={boardsPath()} variant="outlined">
            {t('boards.back')}
          </Button>
        }
        testId="mood-board-not-found"
      />
    );
  }
  if (board.isPending) return <PageSpinner />;
  if (board.error) return <ErrorAlert error={board.error} onRetry={() => void board.refetch()} />;
  if (index < 0) {
    return (
      <StateMessage
        title={t('detail.notFound')}
        action={
          <Button component={RouterLink} to={moodBoardPath(board.data.id)} variant="outlined">
            {t('detail.backToBoard', { name: board.data.name })}
          </Button>
        }
        testId="mood-image-not-found"
      />
    );
  }
  // A new image starts with nothing highlighted.
  return <MoodImageView key={board.data.images[index]!.id} board={board.data} index={index} />;
}
