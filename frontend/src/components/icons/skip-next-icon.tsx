import { Icon } from './icon';

export function SkipNextIcon() {
  return <Icon path="m6 18 8.5-6L6 6zM16 6v12h2V6z" />;
}
