// Mermaid is ~750 kB of JS for a sequence diagram: load it only when a diagram is first drawn, so
// the initial bundle stays small (toolchain.md §2). Renders are queued, because concurrent
// mermaid.render calls share global state and can garble each other.
import type { Mermaid } from 'mermaid';
import { MERMAID_MAX_TEXT } from './window';

let loading: Promise<Mermaid> | null = null;
let currentTheme: 'default' | 'dark' | null = null;
const CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  // A parse error must come back to us as a rejection, not as an error SVG in the page.
  suppressErrorRendering: true,
  // Longer sources get Mermaid's error picture: Diagram windows long traces below this.
  maxTextSize: MERMAID_MAX_TEXT,
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
    const { svg } = await mermaid.render(`dl-diagram-${++counter}`, text);
    return svg;
  });
  queue = next.catch(() => undefined);
  return next;
}
