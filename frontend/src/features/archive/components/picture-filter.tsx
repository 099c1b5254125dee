import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '@/components/icons/image-icon';
import { WhenLoaded } from '@/lib/deferred';
import { useSimilarStatus } from '../api/get-similar-status';
import { pictureDialog } from './parts';

type Props = {
  /** The archive's `similar` filter: `p:<id>`, `c:<colorway>` or "". */
  value: string;
  onChange: (similar: string) => void;
};

/** The archive bar's "picture" filter: search the archive by a picture or a part of it. */
export function PictureFilter({ value, onChange }: Props) {
  const { t } = useTranslation('similar');
  const status = useSimilarStatus();
  const [open, setOpen] = useState(false);
  if (!status.data?.available) return null;
  return (
    <>
      <Button
        variant={value ? 'contained' : 'outlined'}
        color={value ? 'primary' : 'inherit'}
        startIcon={<ImageIcon />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="filter-picture"
      >
        {t('filter')}
      </Button>
      <WhenLoaded part={pictureDialog} load={open}>
        {({ PictureDialog }) => (
          <PictureDialog
            open={open}
            onClose={() => setOpen(false)}
            onSearch={(id) => {
              setOpen(false);
              onChange(`p:${id}`);
            }}
          />
        )}
      </WhenLoaded>
    </>
  );
}
