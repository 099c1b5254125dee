import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DesignNumberField } from '@/components/design-number-field';
import { ErrorAlert } from '@/components/error-alert';
import { OrderedDesignList } from '@/components/ordered-design-list';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { DesignOption } from '@/types/reference';
import { usePins } from '../api/get-pins';
import { useSavePins } from '../api/save-pins';
import { MAX_PINS, type Pin } from '../types';

/** How many designs the number search offers. */
const SEARCH_SIZE = 10;

/**
 * Admin → Design pinning (/admin/pin): the designs that lead the archive, in order. A design is
 * pinned by its number, moved by dragging or with its arrows, unpinned; every change saves the
 * whole list at once (shown before the server answers, put back if it refuses).
 */
export function PinsPage() {
  const { t } = useTranslation(['pins', 'admin']);
  useDocumentTitle(t('admin:menu.pin'));
  const toast = useToast();
  const showError = useErrorToast();
  const pins = usePins();
  const save = useSavePins();
  const list = pins.data ?? [];
  const full = list.length >= MAX_PINS;

  const change = (next: readonly Pin[], onSuccess?: () => void) => save.mutate(next, { onError: showError, onSuccess });

  const pin = (design: DesignOption) =>
    change(
      [...list, { designGuid: design.designGuid, designName: design.designName, originalName: design.originalName ?? null, colorwayGuid: null, thumbnail: design.thumbnail, position: list.length }],
      () => toast(t('pins:pinned', { name: design.designName }), 'success'),
    );

  return (
    <Paper variant="outlined">
      <Typography variant="h1" sx={{ p: 2, pb: 1 }}>
        {t('admin:menu.pin')}
      </Typography>
      <Stack spacing={2} sx={{ px: 2, pb: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="pins-intro">
          {t('pins:intro')}
        </Typography>
        <DesignNumberField
          label={t('pins:add')}
          present={new Set(list.map((pinned) => pinned.designGuid))}
          onPick={pin}
          pageSize={SEARCH_SIZE}
          disabled={!pins.data || full}
          helperText={full ? t('pins:full', { max: MAX_PINS }) : t('pins:addHelp', { max: MAX_PINS })}
          maxWidth={480}
        />
        {pins.data && (
          <Typography variant="body2" color="text.secondary" data-testid="pins-count">
            {t('pins:count', { count: list.length })}
          </Typography>
        )}
      </Stack>
      {(pins.isFetching || save.isPending) && <LinearProgress />}
      <ErrorAlert error={pins.error} onRetry={() => void pins.refetch()} />
      {pins.data && (
        <OrderedDesignList
          designs={list}
          onChange={(next) => change(next)}
          numbered
          thumbnailSize={56}
          itemTestId="pinned-design"
          texts={{
            list: t('pins:list'),
            empty: t('pins:empty'),
            moveUp: (name) => t('pins:moveUp', { name }),
            moveDown: (name) => t('pins:moveDown', { name }),
            remove: (name) => t('pins:unpin', { name }),
          }}
        />
      )}
    </Paper>
  );
}
