import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuditLog, type AuditSubject } from './audit-log';
import { UsersTable } from './users-table';

type View = 'users' | 'audit';

/** Admin → Users (/admin): the user list and the audit log of what admins changed. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('menu.users'));
  const [view, setView] = useState<View>('users');
  const [subject, setSubject] = useState<AuditSubject | null>(null);

  return (
    <Paper variant="outlined">
      <Typography variant="h1" sx={{ p: 2, pb: 0 }}>
        {t('menu.users')}
      </Typography>
      <Tabs value={view} onChange={(_event, next: View) => setView(next)} sx={{ px: 2 }}>
        <Tab value="users" label={t('users.tabs.users')} />
        <Tab value="audit" label={t('users.tabs.audit')} />
      </Tabs>
      {/* The users list stays mounted: its filters, page and selection survive a look at the log. */}
      <div hidden={view !== 'users'}>
        <UsersTable
          onShowHistory={(user) => {
            setSubject({ guid: user.userGuid, name: user.name });
            setView('audit');
          }}
        />
      </div>
      {view === 'audit' && <AuditLog subject={subject} onClearSubject={() => setSubject(null)} />}
    </Paper>
  );
}
