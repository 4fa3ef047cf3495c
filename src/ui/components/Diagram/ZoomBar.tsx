// The diagram's zoom toolbar: −, the scale shown, +, Auto, Fit width and 100 % (zoom.ts does the
// sizing). On its left, `children`: the note of a fault picked from an arrow's menu.
import type { ReactNode } from 'react';
import { AUTO_MIN, stepZoom, ZOOM_MAX, ZOOM_MIN, type Zoom } from './zoom';

/** Auto, Fit width, 100 %, − and +: the scale shown between − and +. */
export function ZoomBar(props: {
  readonly zoom: Zoom;
  readonly scale: number;
  readonly onZoom: (zoom: Zoom) => void;
  readonly children?: ReactNode;
}) {
  const { zoom, scale, onZoom } = props;
  const percent = `${Math.round(scale * 100)} %`;
  return (
    <div className="diagram-zoom" role="toolbar" aria-label="Diagram zoom">
      {props.children}
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out (−)"
        disabled={scale <= ZOOM_MIN}
        onClick={() => onZoom(stepZoom(scale, -1))}
      >
        −
      </button>
      <output className="diagram-zoom-level" aria-label="Zoom" data-testid="diagram-zoom-level">
        {percent}
      </output>
      <button
        type="button"
        aria-label="Zoom in"
        title="Zoom in (+)"
        disabled={scale >= ZOOM_MAX}
        onClick={() => onZoom(stepZoom(scale, 1))}
      >
        +
      </button>
      <button
        type="button"
        aria-pressed={zoom === 'auto'}
        title={`As wide as the view, but not below ${Math.round(AUTO_MIN * 100)} % so that the labels stay readable (a)`}
        onClick={() => onZoom('auto')}
      >
        Auto
      </button>
      <button
        type="button"
        aria-pressed={zoom === 'fit'}
        title="The whole width of the diagram in view (f)"
        onClick={() => onZoom('fit')}
      >
        Fit width
      </button>
      <button
        type="button"
        aria-pressed={zoom === 1}
        title="The diagram as drawn (0)"
        onClick={() => onZoom(1)}
      >
        100 %
      </button>
    </div>
  );
}
