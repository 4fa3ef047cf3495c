// The whole run as a Mermaid sequence diagram, rendered once per run result; moving the cursor
// only re-marks shapes (highlight.ts), which is cheap, instead of re-rendering Mermaid per step.
import { useEffect, useMemo, useRef, useState } from 'react';
import { toMermaid, type MermaidDiagram } from '../../../engine';
import { useApp } from '../../store';
import { markStep } from './highlight';
import { renderSvg } from './loadMermaid';

type DrawState = { readonly drawn: MermaidDiagram | null; readonly error: string | null };

export function Diagram() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  const dark = useApp((s) => s.theme === 'dark');
  const diagram = useMemo(() => (result ? toMermaid(result) : null), [result]);
  const host = useRef<HTMLDivElement>(null);
  const [draw, setDraw] = useState<DrawState>({ drawn: null, error: null });

  useEffect(() => {
    if (!diagram) return;
    let stale = false;
    renderSvg(diagram.text, dark).then(
      (svg) => {
        if (stale || !host.current) return;
        // The SVG comes from Mermaid with securityLevel 'strict' (labels sanitized); React owns
        // no children of this element, so replacing its content is safe.
        host.current.innerHTML = svg;
        setDraw({ drawn: diagram, error: null });
      },
      (e: unknown) =>
        !stale && setDraw({ drawn: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      stale = true;
    };
  }, [diagram, dark]);

  useEffect(() => {
    if (!draw.drawn || !host.current) return;
    const anchor = markStep(host.current, draw.drawn.items, cursor);
    anchor?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  }, [draw.drawn, cursor]);

  const pending = diagram !== null && draw.drawn !== diagram && draw.error === null;
  return (
    <section
      className="diagram"
      aria-label="Sequence diagram"
      data-testid="diagram"
      aria-busy={pending}
    >
      {draw.error !== null && (
        <div role="alert" className="error-box">
          The diagram could not be drawn: {draw.error}
        </div>
      )}
      {pending && <p className="muted">Drawing the diagram…</p>}
      <div ref={host} className="diagram-svg" />
    </section>
  );
}
