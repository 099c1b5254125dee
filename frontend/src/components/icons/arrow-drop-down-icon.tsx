import { Icon } from './icon';

export function ArrowDropDownIcon() {
  return <Icon path="m7 10 5 5 5-5z" />;
}
