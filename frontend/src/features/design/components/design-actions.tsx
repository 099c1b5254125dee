import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, PlaylistAddIcon } from '@/components/icons';
import { designFeatures, type DesignFeature } from '../lib/features';

const actions: { feature: DesignFeature; icon?: ReactNode; primary?: boolean }[] = [
  { feature: 'addToList', icon: <PlaylistAddIcon />, primary: true },
  { feature: 'downloadCad', icon: <DownloadIcon /> },
  { feature: 'similarColorways' },
  { feature: 'printSize' },
  { feature: 'fabric' },
  { feature: 'repeatView' },
  { feature: 'wearModels' },
];

/**
 * The design page's actions (add to list, CAD, similar colorways, the 75 cm / 150 cm / repeat
 * views, wear models). Only those whose flag in lib/features.ts is on are shown: none yet.
 */
export function DesignActions({ features = designFeatures }: { features?: Record<DesignFeature, boolean> }) {
  const { t } = useTranslation('design');
  const shown = actions.filter((action) => features[action.feature]);
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" role="toolbar" aria-label={t('actions.label')} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {shown.map((action) => (
        <Button key={action.feature} variant={action.primary ? 'contained' : 'outlined'} startIcon={action.icon} data-testid={`design-action-${action.feature}`}>
          {t(`actions.${action.feature}`)}
        </Button>
      ))}
    </Stack>
  );
}
