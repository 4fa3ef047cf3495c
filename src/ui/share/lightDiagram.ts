// The diagram as exported (SVG and PNG): always in the light theme. An exported picture goes into a
// GitHub comment, a Jira ticket, a doc or a slide, most of them light: a dark picture there is a
// black block of light text. A light picture on a dark page still reads, as every screenshot
// does (and GitHub draws the Mermaid block itself in each reader's own theme). On the light page the drawing in the page is it; on the dark page the same
// Mermaid source (the engine's toMermaid, the window the page draws around the cursor for a long
// trace) is drawn again with Mermaid's default theme, off screen.
import { toMermaid } from '../../engine';
import { renderSvg } from '../components/Diagram/loadMermaid';
import { drawingFor, isErrorPicture } from '../components/Diagram/window';
import { appStore } from '../store';
import { diagramSvg, standaloneSvg } from './download';

export type Exported = { readonly text: string; readonly width: number; readonly height: number };

/** The diagram at the cursor in the light theme, or null while none is drawn. */
export async function lightDiagramSvg(): Promise<Exported | null> {
  const s = appStore.getState();
  if (s.theme !== 'dark') return diagramSvg();
  if (!s.result || !diagramSvg()) return null;
  const drawing = drawingFor(s.result, s.cursor, undefined, toMermaid(s.result));
  const svg = await renderSvg(drawing.diagram.text, false);
  if (isErrorPicture(svg)) throw new Error('Mermaid refused the diagram in the light theme');
  // Measured in the page (its size comes from the layout when it has no viewBox), then removed.
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;left:-100000px;top:0;visibility:hidden';
  box.innerHTML = svg;
  document.body.append(box);
  try {
    const el = box.querySelector('svg');
    if (!el) throw new Error('Mermaid drew no SVG');
    return standaloneSvg(el);
  } finally {
    box.remove();
  }
}
