import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '@/components/thumbnail';
import { useDebounced } from '@/lib/use-debounced';
import { useDesignSearch } from '../api/search-designs';
import { POOLS_DEBOUNCE_MS } from '../lib/pool-form';

/** `knownNumbers`: the numbers of designs attached before (the pool's `designNumbers`). */
type Props = { value: string[]; knownNumbers?: Record<string, string>; onChange: (designGuids: string[]) => void };

/** The designs attached to a pool by hand: found by number, shown with their thumbnails. */
export function DesignPicker({ value, knownNumbers = {}, onChange }: Props) {
  const { t } = useTranslation('pools');
  const [number, setNumber] = useState('');
  const [names, setNames] = useState<Record<string, string>>(knownNumbers);
  const search = useDesignSearch(useDebounced(number.trim(), POOLS_DEBOUNCE_MS));
  const results = number.trim() ? (search.data?.results ?? []) : [];

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('designs.attached')}>
        {value.map((guid) => (
          <Chip key={guid} size="small" label={names[guid] ?? guid} onDelete={() => onChange(value.filter((other) => other !== guid))} />
        ))}
      </Stack>
      <TextField size="small" type="search" label={t('designs.search')} value={number} onChange={(event) => setNumber(event.target.value)} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1 }}>
        {results.map((design) => {
          const attached = value.includes(design.designGuid);
          return (
            <ButtonBase
              key={design.designGuid}
              disabled={attached}
              aria-label={t('designs.add', { name: design.designName })}
              onClick={() => {
                setNames((current) => ({ ...current, [design.designGuid]: design.designName }));
                onChange([...value, design.designGuid]);
              }}
              sx={{ flexDirection: 'column', opacity: attached ? 0.5 : 1, borderRadius: 1 }}
            >
              <Thumbnail src={design.thumbnail} alt="" size={80} />
              <Typography variant="caption">{design.designName}</Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </Stack>
  );
}
