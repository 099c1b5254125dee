import { useTranslation } from 'react-i18next';
import { CadExportButton } from './cad-export-button';

type Props = {
  /** The form the archive search sent (POST /search/design/basic), as sent. */
  form: Record<string, string>;
  /** The page exported, from 0, and its size. */
  page: number;
  pageSize: number;
  /**
   * What that page is to the user: `page`, the page on screen (paged results); `first`, the first
   * page loaded (infinite scroll: however far the user scrolled, the sheet holds the first page).
   */
  scope: 'page' | 'first';
  /** Every result of the search fits on that page (then it is "these results", not "the first N"). */
  complete: boolean;
  /** The page's results are not on screen yet (searching, or none). */
  disabled?: boolean;
};

/**
 * The archive's "Export this page" (or, with infinite scroll, "Export the first N results"): the
 * line sheet of exactly that page of the search, each card's shown colorway, from the same menu of
 * PDF and CSV as a design's or a list's; only with the export right.
 */
export function CadExportSearchButton({ form, page, pageSize, scope, complete, disabled }: Props) {
  const { t } = useTranslation('cad');
  const label = scope === 'page' ? t('export.searchPage') : complete ? t('export.searchAll') : t('export.searchFirst', { count: pageSize });
  return <CadExportButton target={{ search: { form, page, pageSize } }} label={label} disabled={disabled} testId="cad-export-search" />;
}
