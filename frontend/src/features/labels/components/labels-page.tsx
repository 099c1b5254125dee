import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LabelsTable } from './labels-table';
import { TaggingPanel } from './tagging-panel';

const tabs = ['tag', 'manage'] as const;
type LabelsTab = (typeof tabs)[number];

/**
 * Admin → Design labeling (/admin/labels): labelling the designs that have no label, one after
 * the other (the default tab), and the labels themselves (`?tab=manage`). The tab is in the address,
 * so a reload or a link keeps it.
 */
export function LabelsPage() {
  const { t } = useTranslation(['labels', 'admin']);
  useDocumentTitle(t('admin:menu.labels'));
  const [params, setParams] = useSearchParams();
  const tab: LabelsTab = params.get('tab') === 'manage' ? 'manage' : 'tag';
  const id = useId();

  return (
    <Paper variant="outlined">
      <Typography variant="h1" sx={{ p: 2, pb: 0 }}>
        {t('admin:menu.labels')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: LabelsTab) => setParams(next === 'tag' ? {} : { tab: next }, { replace: true })}
        aria-label={t('labels:tabs.label')}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((value) => (
          <Tab key={value} value={value} label={t(`labels:tabs.${value}`)} id={`${id}-tab-${value}`} aria-controls={`${id}-panel-${value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'tag' ? <TaggingPanel /> : <LabelsTable />}
      </Box>
    </Paper>
  );
}
