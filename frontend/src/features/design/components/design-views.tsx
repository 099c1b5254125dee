import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@/lib/router';
import { deferred, usePreload, WhenLoaded } from '@/lib/deferred';
import type { ColorwayHeader, DesignHeader } from '@/types/design';
import { ZoomViewer } from './zoom-viewer';

// The views besides the zoomable one, each a chunk of its own: loaded when chosen, or once the
// page has painted (a link may open the page on one: then at once).
const repeatView = deferred(() => import('./repeat-view'));
const fabricView = deferred(() => import('./fabric-view'));
const printSizeView = deferred(() => import('./print-size-view'));
const wearView = deferred(() => import('./wear-view'));

/** The ways the design page shows a colorway; `?view=` keeps the choice in the address. */
export const designViews = ['zoom', 'repeat', 'fabric75', 'fabric150', 'print', 'wear'] as const;
export type DesignView = (typeof designViews)[number];

type Props = { design: DesignHeader; colorway: ColorwayHeader | null };

/** The colorway zoomable, in repeat, on 75 or 150 cm fabric, at print size, or worn. */
export function DesignViews({ design, colorway }: Props) {
  const { t } = useTranslation('design');
  usePreload(repeatView, fabricView, printSizeView, wearView);
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: DesignView = designViews.find((v) => v === asked) ?? 'zoom';
  const choose = (next: DesignView) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'zoom') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <>
      <Tabs value={view} onChange={(_, next: DesignView) => choose(next)} variant="scrollable" allowScrollButtonsMobile aria-label={t('views.label')} data-testid="design-view-tabs">
        {designViews.map((v) => (
          <Tab key={v} value={v} label={t(`views.tabs.${v}`)} data-testid={`design-view-${v}`} disabled={v !== 'zoom' && !colorway} />
        ))}
      </Tabs>
      {/* One viewer per design: its zoom is kept across the colorways of a design only. */}
      {(view === 'zoom' || !colorway) && <ZoomViewer key={design.guid} designName={design.designName} colorway={colorway} />}
      {colorway && view === 'repeat' && (
        <WhenLoaded part={repeatView} load>
          {({ RepeatView }) => <RepeatView key={design.guid} design={design} colorway={colorway} />}
        </WhenLoaded>
      )}
      {colorway && (view === 'fabric75' || view === 'fabric150') && (
        <WhenLoaded part={fabricView} load>
          {({ FabricView }) => <FabricView key={view} design={design} colorway={colorway} widthCm={view === 'fabric75' ? 75 : 150} />}
        </WhenLoaded>
      )}
      {colorway && view === 'print' && (
        <WhenLoaded part={printSizeView} load>
          {({ PrintSizeView }) => <PrintSizeView design={design} colorway={colorway} />}
        </WhenLoaded>
      )}
      {colorway && view === 'wear' && (
        <WhenLoaded part={wearView} load>
          {({ WearView }) => <WearView design={design} colorway={colorway} />}
        </WhenLoaded>
      )}
    </>
  );
}
