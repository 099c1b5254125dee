import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/router';
import { WhenLoaded } from '@/lib/deferred';
import { useSimilarStatus } from '../api/get-similar-status';
import { pictureDialog } from './parts';

type Props = {
  colorwayGuid: string;
  /** The shown colorway's preview (same origin: a part of it can be cut in the browser). */
  preview: string;
};

/** The archive searched by likeness: `similar` as the archive's address writes it. */
function archiveOf(similar: string): string {
  return `/archive?${new URLSearchParams({ similar }).toString()}`;
}

/**
 * The design page's "Similar colorways" (the archive ranked by likeness to the shown colorway:
 * its design's other colorways first) and "Find this part" (select a region of the preview and
 * search the archive with it).
 */
export function SimilarActions({ colorwayGuid, preview }: Props) {
  const { t } = useTranslation('similar');
  const navigate = useNavigate();
  const status = useSimilarStatus();
  const [finding, setFinding] = useState(false);
  if (!status.data?.available) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => void navigate(archiveOf(`c:${colorwayGuid}`))} data-testid="design-action-similar">
        {t('similarColorways')}
      </Button>
      <Button variant="outlined" onClick={() => setFinding(true)} data-testid="design-action-find-part">
        {t('findPart')}
      </Button>
      <WhenLoaded part={pictureDialog} load={finding}>
        {({ PictureDialog }) => (
          <PictureDialog
            open={finding}
            initial={preview}
            title={t('findPartTitle')}
            onClose={() => setFinding(false)}
            onSearch={(id) => {
              setFinding(false);
              void navigate(archiveOf(`p:${id}`));
            }}
          />
        )}
      </WhenLoaded>
    </>
  );
}
