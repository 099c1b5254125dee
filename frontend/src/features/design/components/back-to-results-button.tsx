import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@/lib/router';
import { ArrowBackIcon } from '@/components/icons/arrow-back-icon';
import { previousLocation } from '@/lib/location-history';
import { isArchivePath } from '../lib/colorway';

/**
 * Back to the archive search: the browser's Back when the previous entry is the search (its
 * filters, page and scroll come back with it), else a link to /archive.
 */
export function BackToResultsButton() {
  const { t } = useTranslation('design');
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const previous = previousLocation();
    if (previous && isArchivePath(previous.pathname)) {
      event.preventDefault();
      void navigate(-1);
    }
  };
  return (
    <Button component={RouterLink} to="/archive" onClick={onClick} startIcon={<ArrowBackIcon />} data-testid="back-to-results" sx={{ alignSelf: 'flex-start' }}>
      {t('backToResults')}
    </Button>
  );
}
