import Stack from '@mui/material/Stack';
import { RecoveryCodesSection } from '@/features/auth/components/recovery-codes-section';
import { SettingsPage } from '@/features/settings/components/settings-page';

/**
 * Admin → Settings: the studio's general settings, then the signed-in admin's own: their recovery
 * codes (the admin panel has no other page of one's own account).
 */
export function AdminSettingsRoute() {
  return (
    <Stack spacing={2}>
      <SettingsPage />
      <RecoveryCodesSection />
    </Stack>
  );
}
