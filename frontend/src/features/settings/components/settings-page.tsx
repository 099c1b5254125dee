import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DesignFieldsSection } from './design-fields-section';
import { GeneralSettingsSection } from './general-settings-section';

/** Admin → Settings (/admin/settings): the general settings, then what customers see of the studio's design records. */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('menu.settings'));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('menu.settings')}
      </Typography>
      {/* Each section saves on its own: a change in one never waits for the other. */}
      <Stack spacing={4} divider={<Divider flexItem />}>
        <GeneralSettingsSection />
        <DesignFieldsSection />
      </Stack>
    </Paper>
  );
}
