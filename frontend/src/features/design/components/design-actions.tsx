import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { designFeatures, type DesignFeature } from '../lib/features';

const actions: { feature: DesignFeature; icon?: ReactNode; primary?: boolean }[] = [
  { feature: 'similarColorways' },
];

/**
 * The design page's actions: those other features bring (`children`: add to a favorite list, the
 * CAD downloads), then the ones still to come (similar colorways), shown only once their flag in
 * lib/features.ts is on. The views at scale (repeat, fabric, print size, wear) are the viewer's tabs.
 */
export function DesignActions({ features = designFeatures, children }: { features?: Record<DesignFeature, boolean>; children?: ReactNode }) {
  const { t } = useTranslation('design');
  const shown = actions.filter((action) => features[action.feature]);
  if (shown.length === 0 && !children) return null;
  return (
    <Stack direction="row" role="toolbar" aria-label={t('actions.label')} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {children}
      {shown.map((action) => (
        <Button key={action.feature} variant={action.primary ? 'contained' : 'outlined'} startIcon={action.icon} data-testid={`design-action-${action.feature}`}>
          {t(`actions.${action.feature}`)}
        </Button>
      ))}
    </Stack>
  );
}
