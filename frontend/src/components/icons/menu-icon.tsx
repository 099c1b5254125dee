import { Icon } from './icon';

export function MenuIcon() {
  return <Icon size={24} path="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />;
}
