import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The design page's actions, all brought by other features (`children`: add to a favorite list,
 * the CAD downloads, similar colorways). The views at scale (repeat, fabric, print size, wear) are
 * the viewer's tabs.
 */
export function DesignActions({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('design');
  if (!children) return null;
  return (
    <Stack direction="row" role="toolbar" aria-label={t('actions.label')} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {children}
    </Stack>
  );
}
