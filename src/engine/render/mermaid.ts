// A run as a Mermaid sequence diagram, in the style of the seeds' diagrams: one line per event,
// each step's first line labelled with its step number so the diagram lines up with the timeline
// table (no `autonumber`: Mermaid's numbers would count arrows, not steps). Pure text out; the
// output must also render on GitHub, so no HTML or links and every label is escaped; the one
// markup written is Mermaid's own line break `<br/>` between the lines of a violation note.
import type { SimEvent } from '../model/events';
import { escapeLabel } from './escape';
import {
  type Participant,
  participantsOf,
  type RenderInput,
  type StepRange,
  stepsIn,
} from './participants';

export interface MermaidItem {
  readonly step: number;
  readonly kind: 'message' | 'note';
}

export interface MermaidDiagram {
  readonly text: string;
  readonly participants: readonly Participant[];
  /**
   * Every arrow and note the text draws, in drawing order. Mermaid renders one `text.messageText`
   * per message and one `.note` per note in that order, so the UI can find a step's shapes.
   */
  readonly items: readonly MermaidItem[];
}

// Longest escaped label; with the indent and `P12-->>P13: ` a line stays under ~200 characters.
const LABEL_MAX = 176;
/**
 * A violation note is drawn over every lane and its text on one line: a detail of 100+ characters
 * was wider than the diagram's view at 100 % and cut at both edges (a UX review, seed 000 at
 * 1024 and 1400 px). Wrapped at this many characters a line is ~450 px in Mermaid's note font.
 */
export const NOTE_LINE_MAX = 60;
/** Lines of a wrapped note; the last is cut with `…` past that (the table has the whole detail). */
const NOTE_LINES_MAX = 5;

/** The fill behind a step that violated an invariant (a pale red, for dark text: GitHub, the CLI). */
export const VIOLATION_FILL = 'rgb(255, 221, 221)';

export interface MermaidOptions extends StepRange {
  /**
   * The violation band's fill, for a page whose text is light (a dark theme passes a dark red).
   * Only `rgb(r, g, b)` or `#rrggbb` is taken; anything else falls back to VIOLATION_FILL.
   */
  readonly violationFill?: string;
  /**
   * Participant names as written where Mermaid reads them so (escapeLabel's `'readable'`): Copy
   * for GitHub, whose raw text a reader of the issue sees. The app's own diagram keeps the strict
   * escapes; Mermaid draws both the same.
   */
  readonly readableNames?: boolean;
}

/**
 * Our own words join clauses with "; " (an event's text, a violation's detail), and Mermaid ends a
 * statement at `;`: escaped, the raw text (Copy for GitHub, the diagram's raw view) read
 * "topic unloaded at us-east#59; the connection stays" (UX review 18). Names cannot hold a `;` or
 * a space (scenario/names.ts), so every "; " here is ours, and written " — " it needs no escape.
 * Any other `;` is still escaped (escapeLabel). The table and the CLI keep the "; ".
 */
export const clauses = (text: string): string => text.replace(/; /g, ' — ');

const FILL = /^(?:rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|#[0-9a-fA-F]{6})$/;

export function toMermaid(result: RenderInput, opts: MermaidOptions = {}): MermaidDiagram {
  const fill =
    opts.violationFill !== undefined && FILL.test(opts.violationFill)
      ? opts.violationFill
      : VIOLATION_FILL;
  const participants = participantsOf(result.steps);
  const alias = new Map(participants.map((p) => [p.id, p.alias]));
  const all = participants.length === 0 ? '' : spanOf(participants);
  const lines = ['sequenceDiagram'];
  const items: MermaidItem[] = [];
  for (const p of participants)
    lines.push(
      `    participant ${p.alias} as ${escapeLabel(p.label, { participant: opts.readableNames ? 'readable' : true, max: 80 })}`,
    );

  for (const s of stepsIn(result.steps, opts)) {
    const violations = result.violations.filter((v) => v.step === s.index);
    const body: string[] = [];
    const add = (line: string, kind: MermaidItem['kind']): void => {
      body.push(line);
      items.push({ step: s.index, kind });
    };
    s.events.forEach((e, i) => {
      const text = clauses(e.text);
      const label = escapeLabel(i === 0 ? `${s.index} · ${text}` : text, { max: LABEL_MAX });
      add(eventLine(e, label, alias), e.to === undefined ? 'note' : 'message');
    });
    // A step that produced no event still gets its number on the diagram (its action key).
    if (s.events.length === 0 && all !== '')
      add(
        `Note over ${all}: ${escapeLabel(`${s.index} · ${s.key ?? ''}`, { max: LABEL_MAX })}`,
        'note',
      );
    for (const v of violations) {
      if (all !== '')
        add(
          `Note over ${all}: ${wrapNote(`VIOLATION ${v.invariant}: ${clauses(v.detail)}`)}`,
          'note',
        );
    }
    if (violations.length > 0 && body.length > 0) {
      lines.push(`    rect ${fill}`, ...body.map((l) => `        ${l}`), '    end');
    } else {
      lines.push(...body.map((l) => `    ${l}`));
    }
  }
  return { text: lines.join('\n'), participants, items };
}

/**
 * `raw` in lines of at most NOTE_LINE_MAX characters, broken between words (a longer word is split),
 * each line escaped on its own and joined with Mermaid's `<br/>`; escaping keeps every `<` of the
 * text itself out, so the breaks are the only markup.
 */
export function wrapNote(raw: string, width = NOTE_LINE_MAX): string {
  const words = raw
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .flatMap((w) => w.match(new RegExp(`.{1,${width}}`, 'gsu')) ?? []);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + w.length <= width)
      lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  if (lines.length === 0) return escapeLabel('');
  const cut = lines.length > NOTE_LINES_MAX;
  const kept = lines.slice(0, NOTE_LINES_MAX);
  if (cut) kept[kept.length - 1] = `${kept[kept.length - 1]!.slice(0, width - 1)}…`;
  // `+`/`-` are escaped only at the label's start (after the arrow), not after a break.
  return kept
    .map((l, i) =>
      escapeLabel(l, { max: width * 2 }).replace(i === 0 ? /^$/ : /^#(43|45);/, (_, c: string) =>
        c === '43' ? '+' : '-',
      ),
    )
    .join('<br/>');
}

function eventLine(e: SimEvent, label: string, alias: ReadonlyMap<string, string>): string {
  // participantsOf has seen every actor of the run, so the lookups cannot miss.
  const from = alias.get(e.actor)!;
  if (e.to === undefined) return `Note over ${from}: ${label}`;
  return `${from}${e.reply ? '-->>' : '->>'}${alias.get(e.to)!}: ${label}`;
}

/** `P1,P5`: a note spanning the whole diagram (Mermaid takes the first and last participant). */
function spanOf(participants: readonly Participant[]): string {
  const first = participants[0]!.alias;
  const last = participants[participants.length - 1]!.alias;
  return first === last ? first : `${first},${last}`;
}
