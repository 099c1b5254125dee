import { useTranslation } from 'react-i18next';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useExportLineSheet } from '../api/export-line-sheet';
import { useCadRights } from '../api/get-rights';
import { type LineSheetTarget, lineSheetFormats } from '../types';
import { FormatButton } from './format-button';

type Props = {
  /** A design's colorways, a favorite list's, or a page of the archive search. */
  target: LineSheetTarget;
  disabled?: boolean;
  /** The button's words: "Export line sheet" unless told. */
  label?: string;
  /** The button's test id: `cad-export` unless told (the menu's items keep theirs). */
  testId?: string;
};

/**
 * "Export line sheet", only with the right: a menu of PDF (each colorway's thumbnail and facts) and
 * CSV. The file is made on request: the button says so meanwhile, then the browser saves it; a
 * refusal shows as a toast.
 */
export function CadExportButton({ target, disabled, label, testId = 'cad-export' }: Props) {
  const { t } = useTranslation('cad');
  const rights = useCadRights();
  const exportSheet = useExportLineSheet();
  const showError = useErrorToast();
  if (!rights.data?.export) return null;

  return (
    <FormatButton
      choices={lineSheetFormats.map((format) => ({ value: format, name: format, label: t(`export.formats.${format}`), testId: `cad-export-${format}` }))}
      choose
      label={label ?? t('export.button')}
      menuLabel={t('export.menu')}
      pending={exportSheet.isPending}
      disabled={disabled}
      onPick={(format) => exportSheet.mutate({ format, target }, { onError: showError })}
      testId={testId}
    />
  );
}
