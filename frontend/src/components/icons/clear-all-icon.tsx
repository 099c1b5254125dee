import { Icon } from './icon';

export function ClearAllIcon() {
  return <Icon path="M5 13h14v-2H5zm-2 4h14v-2H3zM7 7v2h14V7z" />;
}
