import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CAPTION_HEIGHT } from '../lib/grid-layout';
import type { SearchResult } from '../types';
import { ImageIcon, LockIcon, PinIcon } from '@/components/icons';

/** The design page of a result, on the colorway the search matched. */
export function designPath(result: Pick<SearchResult, 'designGuid' | 'activeVariantGuid'>): string {
  const colorway = result.activeVariantGuid ? `/${encodeURIComponent(result.activeVariantGuid)}` : '';
  return `/design/${encodeURIComponent(result.designGuid)}${colorway}`;
}

type Props = { result: SearchResult; position: number; setSize: number };

function Thumbnail({ src }: { src: string | null }) {
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
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}

/** One result: thumbnail, design number, colorway, badges; the whole card links to the design page. */
export const ResultCard = memo(function ResultCard({ result, position, setSize }: Props) {
  const { t } = useTranslation('archive');
  const colorway = result.activeVariantName || result.originalVariantName;
  return (
    <Card
      component="article"
      variant="outlined"
      data-testid="search-result"
      data-design-number={result.designName}
      data-design-guid={result.designGuid}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-labelledby={`result-${result.designGuid}`}
      sx={{ height: '100%', transition: 'box-shadow 120ms', '&:hover': { boxShadow: 3 }, '&:focus-within': { boxShadow: 3 } }}
    >
      <CardActionArea
        component={RouterLink}
        to={designPath(result)}
        aria-label={colorway ? t('results.open', { name: result.designName, colorway }) : result.designName}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ position: 'relative' }}>
          <Thumbnail src={result.thumbnail} />
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
          {result.colorDistance !== null && result.colorDistance !== undefined && (
            <Chip
              size="small"
              label={t('results.colorDistance', { value: result.colorDistance.toFixed(1) })}
              title={t('results.colorDistanceHint')}
              sx={{ position: 'absolute', bottom: 6, right: 6, bgcolor: 'background.paper', boxShadow: 1 }}
            />
          )}
        </Box>
        <Box sx={{ px: 1.25, py: 1, height: CAPTION_HEIGHT, minWidth: 0 }}>
          <Typography id={`result-${result.designGuid}`} variant="subtitle2" component="h3" noWrap sx={{ fontWeight: 700 }}>
            {result.designName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {colorway}
            {result.colorwayCount > 1 && ` · ${t('results.colorways', { count: result.colorwayCount })}`}
          </Typography>
        </Box>
      </CardActionArea>
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
      </Box>
    </Card>
  );
}
