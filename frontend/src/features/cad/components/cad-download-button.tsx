import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useDownloadCadFile } from '../api/download-file';
import { useCadRights } from '../api/get-rights';
import { useCadFormatChoices } from '../lib/formats';
import { FormatButton } from './format-button';

type Props = { designGuid: string; colorwayGuid: string; /** The design's type: a digital one is not offered separations. */ rotary?: boolean };

/**
 * "Download CAD" for the shown colorway, only with the right: one button for the one format, a
 * menu of the formats with "CAD selection". The file is made on request (seconds for a rotary
 * PSD): the button says so meanwhile, then the browser saves it; a refusal shows as a toast.
 */
export function CadDownloadButton({ designGuid, colorwayGuid, rotary }: Props) {
  const { t } = useTranslation('cad');
  const rights = useCadRights();
  const download = useDownloadCadFile();
  const showError = useErrorToast();
  const choices = useCadFormatChoices(rights.data?.formats ?? [], rotary);
  if (!rights.data?.download) return null;

  return (
    <FormatButton
      choices={choices}
      choose={rights.data.selection}
      label={t('download')}
      menuLabel={t('formatMenu')}
      pending={download.isPending}
      onPick={(format) => download.mutate({ cadId: format.id, designGuid, colorwayGuid }, { onError: showError })}
      testId="cad-download"
    />
  );
}
