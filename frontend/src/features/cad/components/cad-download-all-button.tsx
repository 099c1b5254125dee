import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useCadRights } from '../api/get-rights';
import { useStartBundle } from '../api/start-bundle';
import { useCadFormatChoices } from '../lib/formats';
import type { BundleTarget } from '../types';
import { WhenLoaded } from '@/lib/deferred';
import { FormatButton } from './format-button';
import { bundleDialog } from './parts';

type Props = {
  /** A design's colorways, or a favorite list's. */
  target: BundleTarget;
  /** The button's words: "Download all colorways" on a design, "Download all" on a list. */
  scope: 'design' | 'list';
  /** The design's type, when there is one design: a digital one does not get separations. */
  rotary?: boolean;
  disabled?: boolean;
};

/**
 * "Download all" as one zip (of the chosen format, or the default one), only with the right: the server builds it in
 * the background, and a dialog follows its progress until the link to the zip appears (or why it
 * failed).
 */
export function CadDownloadAllButton({ target, scope, rotary, disabled }: Props) {
  const { t } = useTranslation('cad');
  const rights = useCadRights();
  const start = useStartBundle();
  const showError = useErrorToast();
  const [bundleId, setBundleId] = useState<string | null>(null);
  const choices = useCadFormatChoices(rights.data?.formats ?? [], rotary);
  if (!rights.data?.downloadAll) return null;

  return (
    <>
      <FormatButton
        choices={choices}
        // A menu of the formats with "CAD selection", else one click in the default format.
        choose={rights.data.selection}
        label={t(`downloadAll.${scope}`)}
        menuLabel={t('formatMenu')}
        pending={start.isPending}
        disabled={disabled}
        onPick={(format) => start.mutate({ cadId: format.id, target }, { onSuccess: (bundle) => setBundleId(bundle.id), onError: showError })}
        testId="cad-download-all"
      />
      <WhenLoaded part={bundleDialog} load={bundleId !== null}>
        {({ BundleDialog }) => bundleId && <BundleDialog bundleId={bundleId} onClose={() => setBundleId(null)} />}
      </WhenLoaded>
    </>
  );
}
