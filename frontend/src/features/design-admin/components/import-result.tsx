import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { AddedDesign } from '../types';

type Props = { designs: AddedDesign[]; onOpenDesign: (designGuid: string) => void };

/** The designs an import added: each number opens the design edit modal. */
export function ImportResult({ designs, onOpenDesign }: Props) {
  const { t } = useTranslation('designAdmin');
  return (
    <List dense disablePadding aria-label={t('add.result')} data-testid="import-result">
      {designs.map((design) => (
        <ListItem key={design.designGuid} divider data-testid="imported-design" data-name={design.designName}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Link
              component="button"
              type="button"
              variant="subtitle1"
              sx={{ fontWeight: 600 }}
              onClick={() => onOpenDesign(design.designGuid)}
              aria-label={t('add.open', { name: design.designName })}
            >
              {design.designName}
            </Link>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {design.colorways.map((colorway) => (
                <Chip key={colorway} size="small" label={colorway} data-testid="imported-colorway" />
              ))}
            </Box>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
