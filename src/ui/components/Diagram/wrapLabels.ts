// Long labels broken onto lines before Mermaid draws them, so that a lane is as wide as a short
// line instead of the longest label: seed 001's note "close ledger 3 at LAC 0:
// BKMetadataVersionException (another client is recovering it)" made every lane ~400 px, and Auto
// showed 2 of its 8 lanes at 1024 px (ux-review-8.md). Mermaid's own `wrap` does this too, but it
// hyphenates a word wider than the lane ("last_seque-nce_id", "BKMetadataVersi-onException"),
// which misquotes the Pulsar names the labels are about. Here a line breaks only at a space, and
// the space stays at the end of its line: the drawing's text reads exactly as the engine wrote it
// (find in page, a screen reader, a copy). The source the user copies (Copy for GitHub, Copy
// Mermaid) is the engine's toMermaid text, unwrapped: this is the page's layout only.

/** The longest end of a label kept on the line before it instead of breaking (characters). */
const TAIL = 6;

/** The longest line a label is broken to, in characters (Mermaid's 16 px labels: ~180 px). */
export const LABEL_LINE = 24;

// A message (`P1->>P2: …`, `P5-->>P2: …`) or a note over/beside one actor (`Note over P2: …`);
// a note over several actors (`Note over P1,P8`) spans them and is left as written.
const LABELLED =
  /^(\s*(?:Note (?:over|left of|right of) [^,:]+|[A-Za-z0-9_]+\s*--?>>\s*[A-Za-z0-9_]+)\s*:\s?)(.*)$/;

/**
 * The places a label may break: after each space, and after a `(` inside a word longer than a
 * line ("ProducerSuccess(" | "last_sequence_id -1)"), never elsewhere inside a word. Each piece
 * keeps what precedes the break (its space), so the pieces joined are the label.
 */
function pieces(label: string, max: number): string[] {
  return label
    .split(/(?<= )/)
    .flatMap((word) => (shown(word) > max ? word.split(/(?<=\()/) : [word]));
}

/**
 * `label` broken into lines of at most `max` characters (a piece longer than that stays whole),
 * joined with Mermaid's `<br/>`; a line keeps its trailing space. A label the engine broke itself
 * is left as written.
 */
export function breakLabel(label: string, max = LABEL_LINE): string {
  if (shown(label) <= max || /<br\s*\/?>/i.test(label)) return label;
  const lines: string[] = [];
  let line = '';
  let rest = shown(label);
  for (const piece of pieces(label, max)) {
    // A short tail ("-1)", "0") stays on its line rather than making a line of its own.
    const tail = rest <= TAIL;
    rest -= shown(piece);
    if (line !== '' && !tail && shown(line.trimEnd()) + shown(piece.trimEnd()) > max) {
      lines.push(line);
      line = piece;
    } else line += piece;
  }
  lines.push(line);
  return lines.join('<br/>');
}

/** The characters a label shows: an escape such as `#59;` (Mermaid's `;`) is one. */
const shown = (s: string): number => s.replace(/#\d+;/g, '#').length;

/**
 * The Mermaid source with every message's and single-actor note's label broken (breakLabel). A
 * message between lanes further apart gets a line as long as the lanes it spans (Mermaid widens
 * a lane only for a message between neighbours).
 */
export function wrapLabels(source: string, max = LABEL_LINE): string {
  const order = new Map<string, number>();
  return source
    .split('\n')
    .map((line) => {
      const actor = /^\s*participant (\S+)/.exec(line);
      if (actor) order.set(actor[1]!, order.size);
      const m = LABELLED.exec(line);
      if (!m) return line;
      const ends = /^\s*([A-Za-z0-9_]+)\s*--?>>\s*([A-Za-z0-9_]+)/.exec(m[1]!);
      const span = ends ? Math.abs((order.get(ends[1]!) ?? 0) - (order.get(ends[2]!) ?? 0)) : 1;
      return `${m[1]}${breakLabel(m[2]!, max * Math.max(1, span))}`;
    })
    .join('\n');
}
