import { Icon } from './icon';

export function RemoveIcon() {
  return <Icon path="M19 13H5v-2h14z" />;
}
