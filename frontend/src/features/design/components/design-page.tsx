import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from '@/lib/router';
import { isApiError } from '@/api/api-error';
import { useDesignHeader } from '@/api/reference/get-design-header';
import { ErrorAlert } from '@/components/error-alert';
import type { ColorwayHeader, DesignHeader } from '@/types/design';
import { usePaintedOnce } from '@/lib/deferred';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRecordColorwayView } from '../api/record-colorway-view';
import { activeColorwayOf, colorwayPath } from '../lib/colorway';
import { BackToResultsButton } from './back-to-results-button';
import { ColorwayColors } from './colorway-colors';
import { ColorwayStrip } from './colorway-strip';
import { DesignHeading } from './design-heading';
import { DesignInfo } from './design-info';
import { DesignNotFound } from './design-not-found';
import { DesignViews } from './design-views';
import { DesignPageSkeleton } from './design-page-skeleton';
import { OrdersPanel } from './orders-panel';

function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.code === 'design_not_found' || error.code === 'not_found' || error.status === 404);
}

/**
 * The customer design page, /design/:id/:colorwayid? (`id`: the design guid or number): the
 * colorways, the shown one zoomable, in repeat, on fabric, at print size or worn, with its colours,
 * the design information and the order history. Switching colorways replaces the address, so Back still leads to the search.
 */
type Props = {
  /** Actions on the shown colorway that other features bring (adding it to a favorite list). */
  colorwayActions?: (design: DesignHeader, colorway: ColorwayHeader) => ReactNode;
};

export function DesignPage({ colorwayActions }: Props) {
  const { id = '', colorwayid } = useParams();
  const { t, i18n } = useTranslation(['design', 'pages']);
  const navigate = useNavigate();
  const location = useLocation();
  const header = useDesignHeader(id, i18n.resolvedLanguage ?? i18n.language);
  const design = header.data;
  const colorway = design ? activeColorwayOf(design, colorwayid) : null;
  // The preview paints first: the actions, the colours, the facts and the orders render in the
  // frame after it, not in the task that paints the page's largest content.
  const painted = usePaintedOnce(Boolean(design));

  useRecordColorwayView(design?.guid, colorway?.colorwayGuid);
  useDocumentTitle(design ? [design.designName, colorway?.colorwayName].filter(Boolean).join(' ') : t('pages:titles.design'));

  // An address naming a colorway the design does not have shows (and names) the default one.
  const misnamed = Boolean(colorwayid && colorway && colorway.colorwayGuid !== colorwayid);
  useEffect(() => {
    if (misnamed && colorway) void navigate(colorwayPath(id, colorway.colorwayGuid), { replace: true, state: location.state, preventScrollReset: true });
  }, [misnamed, colorway, id, navigate, location.state]);

  const select = (colorwayGuid: string) => {
    if (colorwayGuid === colorway?.colorwayGuid) return;
    void navigate(
      { pathname: colorwayPath(id, colorwayGuid), search: location.search },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  };

  if (header.isPending) return <DesignPageSkeleton />;
  if (header.isError && !design) {
    if (isNotFound(header.error)) return <DesignNotFound />;
    return (
      <Stack spacing={2}>
        <BackToResultsButton />
        <ErrorAlert error={header.error} onRetry={() => void header.refetch()} />
      </Stack>
    );
  }
  if (!design) return null;

  return (
    <Stack spacing={2} data-testid="design-page" data-design-guid={design.guid}>
      <BackToResultsButton />
      <DesignHeading header={design} actions={painted && colorway && colorwayActions?.(design, colorway)} />
      {/* Wide screens: the image, colorways and orders on the left, the colours and facts beside them. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateRows: { md: 'auto 1fr' },
          gridTemplateAreas: { xs: '"image" "side" "orders"', md: '"image side" "orders side"' },
        }}
      >
        <Stack spacing={1.5} sx={{ gridArea: 'image', minWidth: 0 }}>
          <DesignViews design={design} colorway={colorway} />
          <ColorwayStrip designName={design.designName} colorways={design.colorways} activeGuid={colorway?.colorwayGuid ?? null} onSelect={select} />
        </Stack>
        {painted && (
          <>
            <Stack spacing={2} sx={{ gridArea: 'side', minWidth: 0 }}>
              {colorway && <ColorwayColors colorway={colorway} designType={design.designType} />}
              <DesignInfo header={design} />
            </Stack>
            <Box sx={{ gridArea: 'orders', minWidth: 0 }}>
              <OrdersPanel orders={design.orders} scope={design.ordersScope === 'own' ? 'own' : 'all'} />
            </Box>
          </>
        )}
      </Box>
    </Stack>
  );
}
