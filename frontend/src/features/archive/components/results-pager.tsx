import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The page shown, from 1. */
  page: number;
  totalPage: number;
  /** Called with the page chosen, from 0. */
  onPageChange: (page: number) => void;
};

/** The pager under paged results (a chunk of its own, see parts.ts). */
export function ResultsPager({ page, totalPage, onPageChange }: Props) {
  const { t } = useTranslation('archive');
  return (
    <Pagination
      count={Math.max(totalPage, 1)}
      page={Math.min(page, Math.max(totalPage, 1))}
      onChange={(_event, next) => onPageChange(next - 1)}
      color="primary"
      showFirstButton
      showLastButton
      siblingCount={1}
      aria-label={t('results.pagination')}
      getItemAriaLabel={(type, item, selected) => {
        if (type === 'page') return selected ? t('results.pageCurrent', { page: item }) : t('results.pageGo', { page: item });
        return type === 'first' || type === 'last' || type === 'next' || type === 'previous' ? t(`results.pageButtons.${type}`) : '';
      }}
      data-testid="pagination"
    />
  );
}
