import Stack from '@mui/material/Stack';
import type { SearchResult } from '@/types/search';
import { cardFavorite } from './card-favorite';
import { cardPin } from './card-pin';

export { CadExportSearchButton } from '@/features/cad/components/cad-export-search-button';

/** The buttons over an archive card's corner, one under the other: the favorite heart, and for admins the pin. */
export function ArchiveCardActions({ result }: { result: SearchResult }) {
  return (
    <Stack spacing={0.75} sx={{ alignItems: 'center' }}>
      {cardFavorite(result)}
      {cardPin(result)}
    </Stack>
  );
}
