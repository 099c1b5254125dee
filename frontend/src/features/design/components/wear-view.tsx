import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '@/api/api-client';
import { ErrorAlert } from '@/components/error-alert';
import { updateClientSettings, useClientSettings } from '@/lib/client-settings';
import { useImageUrl } from '@/lib/image-url';
import type { ColorwayHeader, DesignHeader } from '@/types/design';
import { useWearModels } from '../api/get-wear-models';

type Props = { design: DesignHeader; colorway: ColorwayHeader };

/**
 * The colorway worn: a wear model picked from those the viewer may use (filtered by the wear label
 * kept as the `selectedWearLabel` client setting), rendered by the server at true scale with the
 * design's repeat. The picture shown stays until the next one has loaded, so switching colorways
 * or models does not flash.
 */
export function WearView({ design, colorway }: Props) {
  const { t, i18n } = useTranslation('design');
  const models = useWearModels(i18n.resolvedLanguage ?? i18n.language);
  const settings = useClientSettings();
  const imageUrl = useImageUrl();
  const [chosen, setChosen] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const all = models.data ?? [];
  const labels = [...new Map(all.flatMap((m) => m.labels).map((l) => [String(l.id), l.label])).entries()];
  const label = labels.some(([id]) => id === settings.selectedWearLabel) ? settings.selectedWearLabel : null;
  const offered = label ? all.filter((m) => m.labelIds.some((id) => String(id) === label)) : all;
  const model = offered.find((m) => m.guid === chosen) ?? offered[0] ?? null;
  const size = typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 2048 : 1024;
  const src = model ? apiUrl(`/wear/render/${model.guid}/${design.guid}/${colorway.colorwayGuid}?size=${size}`) : '';

  if (models.isPending) return <LinearProgress aria-label={t('viewer.loading')} />;
  if (models.isError) return <ErrorAlert error={models.error} onRetry={() => void models.refetch()} />;
  if (all.length === 0) return <Typography color="text.secondary" data-testid="wear-empty">{t('views.wear.none')}</Typography>;

  return (
    <Stack spacing={1.5} data-testid="wear-view">
      {labels.length > 0 && (
        <TextField
          select
          size="small"
          label={t('views.wear.label')}
          value={label ?? ''}
          onChange={(event) => updateClientSettings({ selectedWearLabel: event.target.value || null })}
          sx={{ maxWidth: 260 }}
        >
          <MenuItem value="">{t('views.wear.allLabels')}</MenuItem>
          {labels.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack direction="row" role="radiogroup" aria-label={t('views.wear.models')} sx={{ gap: 1, flexWrap: 'wrap' }}>
        {offered.map((m) => (
          <ButtonBase
            key={m.guid}
            role="radio"
            aria-checked={m.guid === model?.guid}
            aria-label={m.wearName}
            data-testid="wear-model"
            onClick={() => setChosen(m.guid)}
            sx={{ flexDirection: 'column', width: 96, p: 0.5, borderRadius: 1, border: 2, borderColor: m.guid === model?.guid ? 'primary.main' : 'transparent' }}
          >
            <Box component="img" src={imageUrl(m.thumbnail)} alt="" sx={{ width: 84, height: 84, objectFit: 'contain', bgcolor: 'grey.100' }} />
            <Typography variant="caption" noWrap sx={{ maxWidth: 88 }}>
              {m.wearName}
            </Typography>
          </ButtonBase>
        ))}
      </Stack>
      {model && (
        <Box sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f3efe6', textAlign: 'center' }}>
          <Box
            component="img"
            src={src}
            alt={t('views.wear.alt', { model: model.wearName, name: `${design.designName} ${colorway.colorwayName}` })}
            data-testid="wear-render"
            data-wear={model.guid}
            data-colorway={colorway.colorwayGuid}
            data-loaded={loaded === src}
            onLoad={() => setLoaded(src)}
            sx={{ display: 'block', mx: 'auto', maxWidth: '100%', maxHeight: 620 }}
          />
          {loaded !== src && <LinearProgress aria-label={t('viewer.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 0.5 }}>
            {t('views.wear.scale', { width: model.widthCm, height: model.heightCm })}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
