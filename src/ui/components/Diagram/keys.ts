// The focused diagram's own keys: Shift+← / → scroll it sideways (← → alone step the run, as
// everywhere on the page; ↑ ↓ PgUp PgDn scroll it natively), + − 0 f a zoom (zoom.ts).
import { stepZoom, type Zoom } from './zoom';

/** How far Shift+← / Shift+→ scroll the focused diagram sideways (px). */
const SIDEWAYS = 80;

/** Handles a key on the focused diagram (not on a child such as an arrow's menu). */
export function onDiagramKey(
  e: React.KeyboardEvent<HTMLElement>,
  scale: number,
  setZoom: (z: Zoom) => void,
): void {
  if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
  const scroller = e.currentTarget;
  if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'))
    scroller.scrollLeft += e.key === 'ArrowLeft' ? -SIDEWAYS : SIDEWAYS;
  else if (e.key === '+' || e.key === '=') setZoom(stepZoom(scale, 1));
  else if (e.key === '-') setZoom(stepZoom(scale, -1));
  else if (e.key === '0') setZoom(1);
  else if (e.key === 'f') setZoom('fit');
  else if (e.key === 'a') setZoom('auto');
  else return;
  e.preventDefault();
  e.stopPropagation();
}
