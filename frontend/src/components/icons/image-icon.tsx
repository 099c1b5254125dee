import { Icon } from './icon';

export function ImageIcon({ size = 20 }: { size?: number }) {
  return <Icon size={size} path="M21 19V5c0-1.1-.9-2-2-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2M8.5 13.5l2.5 3 3.5-4.5 4.5 6H5z" />;
}
