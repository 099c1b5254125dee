import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignHeader } from '@/types/design';
import { DesignActions } from './design-actions';

/** The design number with its type and confinement, the page's actions, and the labels as chips. */
export function DesignHeading({ header, actions }: { header: DesignHeader; actions?: ReactNode }) {
  const { t } = useTranslation('design');
  const type = header.designType === 'rotary' || header.designType === 'digital' ? t(`designTypes.${header.designType}`) : header.designType;
  const labels = header.labels.filter((label) => !label.isGroupHeader);

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-end' }, gap: 2 }}>
        <Box>
          {header.archive && (
            <Typography variant="overline" color="text.secondary" component="p">
              {header.archive}
            </Typography>
          )}
          <Typography variant="h1" data-testid="design-number">
            {header.designName}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {type && <Chip size="small" label={type} data-testid="design-type" />}
            <Chip
              size="small"
              color={header.isConfined ? 'warning' : 'default'}
              variant={header.isConfined ? 'filled' : 'outlined'}
              label={`${t('info.confined')}: ${header.isConfined ? t('confinement.closed') : t('confinement.open')}`}
            />
          </Stack>
        </Box>
        <DesignActions>{actions}</DesignActions>
      </Stack>
      {labels.length > 0 && (
        <Stack component="ul" aria-label={t('labels')} direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}>
          {labels.map((label) => (
            <li key={label.id}>
              <Chip label={label.label} color="primary" variant="outlined" size="small" data-testid="design-label" />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
