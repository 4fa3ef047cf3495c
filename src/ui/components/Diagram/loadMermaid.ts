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
  // Labels wrapped to Mermaid's default 150 px actor width: unwrapped, seed 001's long notes
  // ("close ledger 3 at LAC 0: BKMetadataVersionException (another client is recovering it)")
  // made every lane ~400 px, a 2,614 px drawing of which Auto showed 2 of 8 lanes at 1024 px;
  // wrapped, the lanes are ~200 px and the drawing 1,618 px (ux-review-8.md). This is layout only:
  // the source is the engine's toMermaid text, the same one Copy for GitHub pastes (a wrapped label
  // is one text.messageText per line: messageShapes.ts groups them).
  sequence: { useMaxWidth: false, wrap: true },
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
