import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { Tooltip } from '@/components/tooltip';
import Typography from '@mui/material/Typography';
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { formatShare } from '@/lib/format';
import { useImageUrl } from '@/lib/image-url';
import { CAPTION_HEIGHT } from '../lib/grid-layout';
import type { SearchResult } from '../types';
import type { MatchOutline } from '@/types/search';
import { ImageIcon } from '@/components/icons/image-icon';
import { LockIcon } from '@/components/icons/lock-icon';
import { PinIcon } from '@/components/icons/pin-icon';
import { ColorwaySwatches } from './colorway-swatches';
import { LabelChips } from './label-chips';

/** The design page of a result, on the colorway the search matched. */
export function designPath(result: Pick<SearchResult, 'designGuid' | 'activeVariantGuid'>): string {
  const colorway = result.activeVariantGuid ? `/${encodeURIComponent(result.activeVariantGuid)}` : '';
  return `/design/${encodeURIComponent(result.designGuid)}${colorway}`;
}

type Props = {
  result: SearchResult;
  position: number;
  setSize: number;
  /** In the first row: its thumbnail is requested at once, before the page's other images, not when scrolled near. */
  priority?: boolean;
  /** A button over the card's top right corner (a favorite list's "remove"). */
  action?: ReactNode;
};

/** The thumbnail's intrinsic size for the browser's layout before it loads (the frame is square; the image covers it). */
const THUMBNAIL_SIZE = 320;

function Thumbnail({ src: path, priority }: { src: string | null; priority: boolean }) {
  const src = useImageUrl()(path);
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
      {broken ? (
        <ImageIcon size={32} />
      ) : (
        <Box
          component="img"
          src={src}
          alt=""
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          draggable={false}
          onError={() => setFailed(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}

/**
 * Where the searched picture sits in the shown colorway, over the thumbnail: the SVG spans the
 * design's frame and is cut like the image (`slice` is the SVG's `object-fit: cover`). Shown
 * while the card is hovered or focused.
 */
function MatchOutlineOverlay({ match }: { match: MatchOutline }) {
  const { t } = useTranslation('archive');
  const points = match.polygon.map(([x, y]) => `${x},${y}`).join(' ');
  const stroke = Math.max(match.width, match.height) / 120;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${match.width} ${match.height}`}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={t('results.matchOutline')}
      data-testid="match-outline"
      className="match-outline"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', opacity: 0, transition: 'opacity 120ms' }}
    >
      <polygon points={points} fill="rgba(255,255,255,0.18)" stroke="#000" strokeWidth={stroke * 2.2} strokeLinejoin="round" />
      <polygon points={points} fill="none" stroke="#ffd400" strokeWidth={stroke} strokeLinejoin="round" />
    </Box>
  );
}

const badgeSx = { position: 'absolute', bottom: 6, right: 6, bgcolor: 'background.paper', boxShadow: 1, fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The colour search's badge: the match the results are ordered by ("92% match"), so the badges
 * read in order down the grid, with the closest colour's ΔE in its tooltip. A server without the
 * match figure gets the ΔE badge.
 */
function ColorBadge({ result }: { result: SearchResult }) {
  const { t, i18n } = useTranslation('archive');
  const locale = i18n.resolvedLanguage;
  const distance = result.colorDistance ?? null;
  const delta = distance === null ? '' : distance.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (result.colorMatch !== null && result.colorMatch !== undefined) {
    return (
      <Tooltip title={distance === null ? '' : t('results.colorMatchHint', { value: delta })}>
        <Chip
          size="small"
          label={t('results.colorMatch', { percent: formatShare(result.colorMatch / 100, locale) })}
          data-testid="badge-color-match"
          data-match={result.colorMatch}
          data-distance={distance ?? ''}
          sx={badgeSx}
        />
      </Tooltip>
    );
  }
  if (distance === null) return null;
  return (
    <Tooltip title={t('results.colorDistanceHint')}>
      <Chip size="small" label={t('results.colorDistance', { value: delta })} data-testid="badge-color-distance" data-distance={distance} sx={badgeSx} />
    </Tooltip>
  );
}

/** One result: thumbnail, design number, colorways, labels, badges; the whole card links to the design page. */
export const ResultCard = memo(function ResultCard({ result, position, setSize, priority = false, action }: Props) {
  const { t } = useTranslation('archive');
  const colorway = result.activeVariantName || result.originalVariantName;
  const titleId = `result-${result.designGuid}-${result.activeVariantGuid}`;
  return (
    <Card
      component="article"
      variant="outlined"
      data-testid="search-result"
      data-design-number={result.designName}
      data-design-guid={result.designGuid}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'box-shadow 120ms',
        '&:hover': { boxShadow: 3 },
        '&:focus-within': { boxShadow: 3 },
        '&:hover .match-outline, &:focus-within .match-outline': { opacity: 1 },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={designPath(result)}
        aria-label={colorway ? t('results.open', { name: result.designName, colorway }) : result.designName}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ position: 'relative' }}>
          <Thumbnail src={result.thumbnail} priority={priority} />
          {result.match && <MatchOutlineOverlay match={result.match} />}
          <Box sx={{ position: 'absolute', top: 6, left: 6, right: 6, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {result.pinned && (
              <Chip size="small" color="secondary" icon={<PinIcon size={14} />} label={t('results.pinned')} data-testid="badge-pinned" sx={{ boxShadow: 1 }} />
            )}
            {result.isConfined && (
              <Chip
                size="small"
                icon={<LockIcon size={14} />}
                label={t('results.confined')}
                data-testid="badge-confined"
                sx={{ bgcolor: 'grey.900', color: 'common.white', '& .MuiChip-icon': { color: 'inherit' }, boxShadow: 1 }}
              />
            )}
          </Box>
          <ColorBadge result={result} />
        </Box>
        <Box sx={{ px: 1.25, py: 1, height: CAPTION_HEIGHT, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Typography id={titleId} variant="subtitle2" component="h3" noWrap sx={{ fontWeight: 700, lineHeight: 1.4 }}>
            {result.designName}
          </Typography>
          <ColorwaySwatches colorways={result.colorways ?? []} activeGuid={result.activeVariantGuid} />
          <LabelChips labels={result.labels ?? []} />
        </Box>
      </CardActionArea>
      {action && <Box sx={{ position: 'absolute', top: 6, right: 6 }}>{action}</Box>}
    </Card>
  );
});

export function ResultCardSkeleton() {
  return (
    <Card variant="outlined" data-testid="result-skeleton" aria-hidden="true" sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
      <Box sx={{ px: 1.25, py: 1, height: CAPTION_HEIGHT }}>
        <Skeleton width="60%" />
        <Skeleton width="40%" />
        <Skeleton width="50%" />
      </Box>
    </Card>
  );
}
