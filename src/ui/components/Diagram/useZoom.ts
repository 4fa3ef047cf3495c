// The diagram's zoom (zoom.ts): the one chosen, remembered for the session, and the scale it draws
// at now. The SVG is sized before the frame is painted; "fit" and "auto" again whenever the view's
// width changes.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { forgetLayout } from './placeMarks';
import type { DrawState } from './useDrawing';
import { applyZoom, readZoom, saveZoom, type Zoom } from './zoom';

export function useZoom() {
  const [zoom, setZoomState] = useState<Zoom>(readZoom);
  const zoomRef = useRef(zoom);
  const [scale, setScale] = useState(1);
  const setZoom = useCallback((z: Zoom) => {
    saveZoom(z);
    setZoomState(z);
  }, []);
  return { zoom, zoomRef, scale, setScale, setZoom };
}

/**
 * Sizes the drawn SVG at `zoom`, again on a width change for "fit" and "auto". The marks' cached
 * boxes are of the old size: forgotten (they are measured again).
 */
export function useZoomLayout(props: {
  readonly draw: DrawState;
  readonly zoom: Zoom;
  readonly zoomRef: RefObject<Zoom>;
  readonly setScale: (update: (old: number) => number) => void;
  readonly host: RefObject<HTMLDivElement | null>;
  readonly section: RefObject<HTMLElement | null>;
}) {
  const { draw, zoom, zoomRef, setScale, host, section } = props;
  useLayoutEffect(() => {
    zoomRef.current = zoom;
    const root = host.current;
    const scroller = section.current;
    if (!draw.drawn || !root || !scroller) return;
    let width = -1;
    const apply = () => {
      width = scroller.clientWidth;
      const s = applyZoom(root, scroller, zoom);
      setScale((old) => {
        if (old !== s) forgetLayout(root);
        return s;
      });
    };
    apply();
    if (typeof zoom === 'number' || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (scroller.clientWidth !== width) apply();
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [draw, zoom, zoomRef, setScale, host, section]);
}
