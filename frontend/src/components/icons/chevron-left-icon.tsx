import { Icon } from './icon';

export function ChevronLeftIcon() {
  return <Icon size={24} path="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />;
}
