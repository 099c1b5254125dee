/**
 * The icons the app uses, inline (no icon package): Material Design icon paths, one module per
 * icon so that each screen's chunk holds only its own.
 */
export function Icon({ path, size = 20 }: { path: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={path} />
    </svg>
  );
}
