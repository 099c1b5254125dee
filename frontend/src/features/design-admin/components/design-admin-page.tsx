import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DesignEditDialog } from './design-edit-dialog';
import { DesignList } from './design-list';
import { ImportWizard } from './import-wizard';

/** Admin → Design import and edit (/admin/design). */
export function DesignAdminPage() {
  const { t } = useTranslation('designAdmin');
  useDocumentTitle(t('title'));
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('title')}</Typography>
      <ImportWizard onOpenDesign={setEditing} />
      <DesignList onOpenDesign={setEditing} />
      <DesignEditDialog designGuid={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
