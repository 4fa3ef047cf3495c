// Mermaid is ~750 kB of JS for a sequence diagram: load it only when a diagram is first drawn, so
// the initial bundle stays small (toolchain.md §2). Renders are queued, because concurrent
// mermaid.render calls share global state and can garble each other.
import type { Mermaid } from 'mermaid';
import { MERMAID_MAX_TEXT } from './window';
import { wrapLabels } from './wrapLabels';

let loading: Promise<Mermaid> | null = null;
let currentTheme: 'default' | 'dark' | null = null;
const CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  // A parse error must come back to us as a rejection, not as an error SVG in the page.
  suppressErrorRendering: true,
  // Longer sources get Mermaid's error picture: Diagram windows long traces below this.
  maxTextSize: MERMAID_MAX_TEXT,
  // Mermaid's own wrap is off: long labels are broken at spaces before it draws (wrapLabels.ts).
  sequence: { useMaxWidth: false, wrap: false },
} as const;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

function load(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => mermaid);
  return loading;
}

/** Renders with the page's theme: Mermaid's `dark` theme for the dark page, `default` otherwise. */
export function renderSvg(text: string, dark = false): Promise<string> {
  const next = queue.then(async () => {
    const mermaid = await load();
    const theme = dark ? 'dark' : 'default';
    if (theme !== currentTheme) {
      mermaid.initialize({ ...CONFIG, theme });
      currentTheme = theme;
    }
    // Labels broken onto lines (narrower lanes), unless the breaks take the source past Mermaid's
    // limit: then as written (the caller sized it to fit).
    const wrapped = wrapLabels(text);
    const source = wrapped.length <= MERMAID_MAX_TEXT ? wrapped : text;
    const { svg } = await mermaid.render(`dl-diagram-${++counter}`, source);
    return svg;
  });
  queue = next.catch(() => undefined);
  return next;
}
