import { Icon } from './icon';

export function PlaylistAddIcon() {
  return <Icon path="M14 10H3v2h11zm0-4H3v2h11zm4 8v-4h-2v4h-4v2h4v4h2v-4h4v-2zM3 16h7v-2H3z" />;
}
