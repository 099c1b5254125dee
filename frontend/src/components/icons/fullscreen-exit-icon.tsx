import { Icon } from './icon';

export function FullscreenExitIcon() {
  return <Icon path="M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z" />;
}
