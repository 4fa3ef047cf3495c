// Escaping of scenario-supplied text for the two text renderers. Scenario files are untrusted
// (they arrive in share links and issues), so any name or event text must be unable to change the
// structure of the Mermaid diagram or the Markdown table it is drawn into.

/**
 * Characters Mermaid gives a meaning to anywhere in a line, written as Mermaid entity codes
 * (`#35;` → `&#35;` after Mermaid's own decoding): `#` starts a comment, `;` ends a statement,
 * `%` starts a comment or an `%%{init}%%` directive, `<`/`>` would reach the HTML label,
 * `{`/`}` open participant config, `&` would be read as an HTML entity.
 */
const ALWAYS: Readonly<Record<string, string>> = {
  '#': '#35;',
  ';': '#59;',
  '%': '#37;',
  '<': '#lt;',
  '>': '#gt;',
  '{': '#123;',
  '}': '#125;',
  '&': '#38;',
};

/** In a participant's `as` label the lexer also stops at these (message text runs to the line end). */
const IN_PARTICIPANT: Readonly<Record<string, string>> = { ':': '#58;', ',': '#44;', '@': '#64;' };

/** `+`/`-` right after an arrow mean activation; at a label's start they are escaped to be safe. */
const AT_START: Readonly<Record<string, string>> = { '+': '#43;', '-': '#45;' };

// Control characters and line/paragraph separators would break the one-statement-per-line shape.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

export const ELLIPSIS = '…';

export interface EscapeOptions {
  /**
   * Escape for a `participant X as <label>` declaration (stricter). `'readable'`: as Mermaid's
   * lexer reads an alias (after `as` it runs to `#`, `;` or the line end: the LINE state of
   * sequenceDiagram.jison), so `:`, `,` and `@` stay as written, and so does `>` in a name with
   * no `<` (no tag can open); the raw text reads `replicator:us-east->us-west`, not `#58;`/`#gt;`.
   */
  readonly participant?: boolean | 'readable';
  /** Maximum length of the escaped result, including the `…` that marks a cut. */
  readonly max?: number;
}

/**
 * Make `raw` safe as one Mermaid label: single line, no syntax, never empty, at most `max` chars.
 * Truncation happens between escaped characters, so an entity code is never cut in half.
 */
export function escapeLabel(raw: string, opts: EscapeOptions = {}): string {
  const max = opts.max ?? 160;
  const text = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return '(empty)';
  // Mermaid reads a message text that starts with `wrap:` / `nowrap:` as a layout directive.
  const directiveColon = /^(?:no)?wrap:/i.test(text) ? text.indexOf(':') : -1;
  const pieces: string[] = [];
  const readable = opts.participant === 'readable';
  const plainGt = readable && !text.includes('<');
  let i = 0;
  for (const ch of text) {
    const special = i === 0 ? AT_START[ch] : undefined;
    const strict =
      (opts.participant && !readable) || i === directiveColon ? IN_PARTICIPANT[ch] : undefined;
    const always = ch === '>' && plainGt ? undefined : ALWAYS[ch];
    pieces.push(special ?? always ?? strict ?? ch);
    i += ch.length;
  }
  const full = pieces.join('');
  if (full.length <= max) return full;
  let out = '';
  for (const piece of pieces) {
    if (out.length + piece.length > max - ELLIPSIS.length) break;
    out += piece;
  }
  return out + ELLIPSIS;
}

/** Make `raw` safe as one GitHub-flavoured Markdown table cell (no new row, no new column, no HTML). */
export function escapeCell(raw: string, max = 300): string {
  let text = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (text.length > max) text = text.slice(0, max - 1) + ELLIPSIS;
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
