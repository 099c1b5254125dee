import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { useCollections } from '@/api/reference/get-collections';
import { useConfiguration } from '@/api/reference/get-configuration';
import { ChevronLeftIcon } from '@/components/icons/chevron-left-icon';
import { ChevronRightIcon } from '@/components/icons/chevron-right-icon';
import { CloseIcon } from '@/components/icons/close-icon';
import { OpenInNewIcon } from '@/components/icons/open-in-new-icon';
import { bannerLinkKind } from '@/lib/banner-link';
import { bannerImageUrl } from '@/lib/image-url';
import { isLocale } from '@/lib/locale';
import type { LocalizedText, StudioBanner } from '@/types/configuration';
import { stripItems, type StripItem } from '../lib/banner-items';
import { bannersHidden, hideBanners } from '../lib/banner-dismissal';
import { boardsPath } from '../lib/paths';
import type { Collection } from '../types';

/** The space between two banners, in px. */
const GAP = 12;

/** A line clamp (long names and descriptions end with "…"); `lines` may differ by breakpoint. */
const clamp = (lines: number | { xs: number; sm: number }) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;

/** The frame of every banner: compact, so the search and the first results stay near the top (a phone included). */
const frameSx = {
  position: 'relative',
  height: { xs: 152, md: 168 },
  borderRadius: 2,
  overflow: 'hidden',
  color: 'common.white',
  bgcolor: 'primary.dark',
} as const;

const noStudioBanners: StudioBanner[] = [];

/**
 * The studio's banners atop the archive (the spec's banners list): first the banners set in the
 * general settings (the configuration's `banners`, in their order), then the collections marked as
 * banners, of those the viewer sees, in the collections' order. Nothing when there is neither (the
 * collections while they load or when they cannot be read count as none), or once the user hid
 * them (until the tab is closed).
 */
export function BannerStrip() {
  const [hidden, setHidden] = useState(bannersHidden);
  const studio = useConfiguration().data?.banners ?? noStudioBanners;
  // Hidden: not even asked (the archive's collection filter asks when it needs them).
  const collections = useCollections({ enabled: !hidden });
  const banners = useMemo(() => stripItems(studio, collections.data ?? []), [studio, collections.data]);
  if (hidden || banners.length === 0) return null;
  return (
    <Banners
      banners={banners}
      onHide={() => {
        hideBanners();
        setHidden(true);
      }}
    />
  );
}

/** Where the row is scrolled to: whether it overflows at all, and whether it is at either end. */
type Edges = { overflow: boolean; atStart: boolean; atEnd: boolean };

function edgesOf(row: HTMLElement): Edges {
  const overflow = row.scrollWidth > row.clientWidth + 1;
  return { overflow, atStart: row.scrollLeft <= 1, atEnd: row.scrollLeft + row.clientWidth >= row.scrollWidth - 1 };
}

function Banners({ banners, onHide }: { banners: StripItem[]; onHide: () => void }) {
  const { t } = useTranslation('collections');
  const titleId = useId();
  const rowId = useId();
  const row = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>({ overflow: false, atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    const next = edgesOf(element);
    setEdges((current) => (current.overflow === next.overflow && current.atStart === next.atStart && current.atEnd === next.atEnd ? current : next));
  }, []);

  useLayoutEffect(() => {
    measure();
    const element = row.current;
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' || !element ? null : new ResizeObserver(measure);
    if (element) observer?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure, banners.length]);

  /** One banner further (1) or back (-1): the width of a banner and the gap. */
  const step = (direction: 1 | -1) => {
    const element = row.current;
    if (!element || (direction < 0 ? edges.atStart : edges.atEnd)) return;
    const first = element.firstElementChild;
    const distance = direction * ((first instanceof HTMLElement && first.offsetWidth > 0 ? first.offsetWidth : element.clientWidth) + GAP);
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (typeof element.scrollBy === 'function') element.scrollBy({ left: distance, behavior: reduced ? 'auto' : 'smooth' });
    else element.scrollLeft += distance;
  };

  // At an end the arrow stays focusable (a disabled button would drop the keyboard focus) but does nothing.
  const arrowSx = { '&[aria-disabled="true"]': { color: 'action.disabled', cursor: 'default' } } as const;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="banner-strip" data-count={banners.length}>
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 32, mb: 0.5 }}>
        <Typography id={titleId} component="h2" variant="overline" color="text.secondary" sx={{ flex: 1, lineHeight: 1.6, fontWeight: 600 }}>
          {t('banners.title')}
        </Typography>
        {edges.overflow && (
          <>
            <IconButton size="small" aria-label={t('banners.previous')} aria-controls={rowId} aria-disabled={edges.atStart} onClick={() => step(-1)} sx={arrowSx} data-testid="banner-previous">
              <ChevronLeftIcon />
            </IconButton>
            <IconButton size="small" aria-label={t('banners.next')} aria-controls={rowId} aria-disabled={edges.atEnd} onClick={() => step(1)} sx={arrowSx} data-testid="banner-next">
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
        <Tooltip title={t('banners.hide')}>
          <IconButton size="small" aria-label={t('banners.hide')} onClick={onHide} data-testid="banner-hide" sx={{ ml: 0.5 }}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        component="ul"
        ref={row}
        id={rowId}
        onScroll={measure}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          gap: `${GAP}px`,
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollSnapType: 'x mandatory',
          // The arrows (and a swipe) scroll it; a scrollbar would only add height.
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {banners.map((item, index) => (
          <Box
            component="li"
            key={item.kind === 'studio' ? `studio-${item.banner.id}` : `collection-${item.collection.id}`}
            sx={{
              // One banner fills the row; several share it where they fit, else the next one peeks in.
              flex: '1 0 auto',
              flexBasis: { xs: 'calc(100% - 40px)', sm: 'min(520px, calc(100% - 64px))' },
              minWidth: 0,
              scrollSnapAlign: 'start',
            }}
          >
            {item.kind === 'studio' ? <StudioBannerItem banner={item.banner} eager={index === 0} /> : <Banner collection={item.collection} eager={index === 0} />}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** One banner: the collection's cover behind its name, description and a link to its board. */
function Banner({ collection, eager }: { collection: Collection; eager: boolean }) {
  const { t } = useTranslation('collections');
  const [failed, setFailed] = useState<string | null>(null);
  const cover = collection.coverUri && failed !== collection.coverUri ? collection.coverUri : null;
  const nameId = `banner-${collection.id}-name`;
  return (
    <Box
      component="article"
      aria-labelledby={nameId}
      data-testid="banner"
      data-id={collection.id}
      sx={{
        ...frameSx,
        backgroundImage: (theme) => `linear-gradient(120deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
      }}
    >
      {cover && (
        <Box
          component="img"
          src={cover}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          onError={() => setFailed(cover)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {/* Dark where the text is, so it reads on any photo; across the whole width on a phone, where the text is. */}
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          background: {
            xs: 'linear-gradient(90deg, rgba(16,20,32,0.86) 0%, rgba(16,20,32,0.66) 100%)',
            sm: 'linear-gradient(90deg, rgba(16,20,32,0.88) 0%, rgba(16,20,32,0.72) 45%, rgba(16,20,32,0.12) 100%)',
          },
        }}
      />
      <Stack sx={{ position: 'relative', height: '100%', p: 2, maxWidth: { sm: '72%', md: '60%' }, justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={nameId} component="h3" variant="h6" title={collection.name} sx={{ fontWeight: 700, lineHeight: 1.25, ...clamp({ xs: 1, sm: 2 }) }}>
            {collection.name}
          </Typography>
          {collection.description && (
            <Typography variant="body2" title={collection.description} sx={{ mt: 0.5, opacity: 0.92, ...clamp(2) }} data-testid="banner-description">
              {collection.description}
            </Typography>
          )}
        </Box>
        <Box>
          <Button
            component={RouterLink}
            to={boardsPath(collection.id)}
            variant="contained"
            color="secondary"
            size="small"
            endIcon={<ChevronRightIcon />}
            aria-label={t('banners.openNamed', { name: collection.name })}
            data-testid="banner-link"
          >
            {t('banners.open')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** A studio banner's title in the interface language, trimmed; "" when the studio set none in it. */
function bannerTitle(title: LocalizedText, language: string | undefined): string {
  return isLocale(language) ? (title[language] ?? '').trim() : '';
}

/**
 * One of the studio's banners: its image (the large rendition) named by its title in the user's
 * language ("Banner" without one), the title as a caption over it when set. It leads where its link
 * says: a path of the app through the router, an http(s) address in a new tab; no link, nowhere.
 */
function StudioBannerItem({ banner, eager }: { banner: StudioBanner; eager: boolean }) {
  const { t, i18n } = useTranslation('collections');
  const src = bannerImageUrl(banner.id, 'large');
  const [failed, setFailed] = useState<string | null>(null);
  const title = bannerTitle(banner.title, i18n.resolvedLanguage);
  const link = banner.link.trim();
  const kind = bannerLinkKind(link);

  const image = (
    <Box
      component="img"
      src={src}
      alt={title || t('banners.banner')}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      // A broken image keeps its name (the link's), unseen over the theme's colours.
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: failed === src ? 0 : 1 }}
    />
  );
  const linkSx = {
    position: 'absolute',
    inset: 0,
    display: 'block',
    borderRadius: 'inherit',
    '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: '-3px' },
  } as const;

  return (
    <Box
      component="figure"
      data-testid="studio-banner"
      data-id={banner.id}
      data-link={kind}
      sx={{
        ...frameSx,
        m: 0,
        backgroundImage: (theme) => `linear-gradient(120deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
      }}
    >
      {kind === 'app' && (
        <Box component={RouterLink} to={link} sx={linkSx} data-testid="studio-banner-link">
          {image}
        </Box>
      )}
      {kind === 'web' && (
        <Box component="a" href={link} target="_blank" rel="noopener noreferrer" sx={linkSx} data-testid="studio-banner-link">
          {image}
        </Box>
      )}
      {(kind === 'none' || kind === 'invalid') && image}
      {kind === 'web' && (
        <Box aria-hidden="true" sx={{ position: 'absolute', top: 8, right: 8, display: 'grid', placeItems: 'center', p: 0.5, borderRadius: 1, bgcolor: 'rgba(16,20,32,0.55)', pointerEvents: 'none' }}>
          <OpenInNewIcon />
        </Box>
      )}
      {title && (
        <Typography
          component="figcaption"
          variant="subtitle1"
          title={title}
          data-testid="studio-banner-caption"
          sx={{
            position: 'absolute',
            insetInline: 0,
            bottom: 0,
            px: 2,
            pt: 3,
            pb: 1.5,
            fontWeight: 700,
            lineHeight: 1.3,
            // Dark under the caption, so it reads on any photo; clicks go through to the link.
            background: 'linear-gradient(0deg, rgba(16,20,32,0.82) 0%, rgba(16,20,32,0.5) 60%, rgba(16,20,32,0) 100%)',
            pointerEvents: 'none',
          }}
        >
          <Box component="span" sx={clamp(2)}>
            {title}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
