import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, type ReactElement } from 'react';
import { deferred, useDeferred, whenIdle } from '@/lib/deferred';

const muiTooltip = deferred(() => import(/* webpackChunkName: "tooltip" */ '@mui/material/Tooltip'));

/**
 * MUI's Tooltip for what the first paint shows (the result cards, the archive's bar, the design
 * page): MUI's tooltip and its positioning engine (Popper) are a chunk of their own, requested
 * once the page is idle after its first paint. Until they are there the child shows alone, named as the tooltip
 * would name it (its `aria-label`, or with `describeChild` its `title`).
 */
export function Tooltip(props: TooltipProps) {
  const loaded = useDeferred(muiTooltip);
  useEffect(() => {
    // Once the page is idle: not in the way of what it is painting (the search's results).
    if (!loaded) return whenIdle(() => void muiTooltip.load());
  }, [loaded]);
  if (loaded) {
    const MuiTooltip = loaded.default;
    return <MuiTooltip {...props} />;
  }
  const { title, describeChild = false, disableHoverListener = false } = props;
  const child = props.children as ReactElement<Record<string, unknown>>;
  const text = typeof title === 'string' ? title : null;
  // What MUI's Tooltip gives its child (closed); the child's own props win, as there.
  const naming = describeChild ? { title: text !== null && !disableHoverListener ? text : undefined } : { 'aria-label': text ?? undefined };
  return cloneElement(child, { ...naming, ...child.props });
}
