import { AutoLoginStatus } from '@/features/auth/components/auto-login-status';

/** The page titles itself: "Signing you in…" only while the link is being tried. */
export function AutoLoginRoute() {
  return <AutoLoginStatus />;
}
