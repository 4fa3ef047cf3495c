// The editor's text of a scenario and the JSON object in that text: what the editor opens for a
// scenario (its draft, else its JSON), its title for a list, and a part of it replaced by the form.
import { builtinById } from '../../../scenarios';
import { appStore, scenarioOf } from '../../store';
import { loadDraft } from './draft';

export type Json = Record<string, unknown>;
export const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** The text's JSON when it parses as an object (the form edits nothing else), else null. */
export function parseObject(text: string): Json | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

/**
 * The top-level parts of a text that does not parse as a whole: each `"key": value` of the outer
 * object whose value parses on its own, so the form still shows the clusters while only the
 * producers are broken. The scan follows strings and brackets (a string ends at its line at the
 * latest); a part whose value does not parse is left out. A part also ends where a line starts a
 * key at the first key's indentation (the editor's text is pretty-printed), so unclosed brackets or
 * a missing comma lose only their own part; without such a line they take the rest of the text with
 * them. Nothing throws.
 */
export function parseParts(text: string): Json {
  const out: Json = {};
  let i = text.indexOf('{');
  if (i < 0) return out;
  i++;
  const n = text.length;
  const ws = () => {
    while (i < n && /\s/.test(text[i]!)) i++;
  };
  /** The end of the string that starts at `at`: past its closing quote, or at the line's end. */
  const stringEnd = (at: number) => {
    let j = at + 1;
    while (j < n && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    return text[j] === '"' ? j + 1 : Math.min(j, n);
  };
  /** The indentation of the first key: a line that starts a key there starts a top-level part. */
  let indent = -1;
  const topKeyAt = (at: number) => {
    const m = /^( *)"(?:[^"\\\n]|\\.)*"\s*:/.exec(text.slice(at, at + 200));
    return m !== null && m[1]!.length === indent;
  };
  while (i < n) {
    ws();
    if (text[i] !== '"') break;
    if (indent < 0) indent = i - (text.lastIndexOf('\n', i) + 1);
    const keyEnd = stringEnd(i);
    let key: unknown;
    try {
      key = JSON.parse(text.slice(i, keyEnd));
    } catch {
      break;
    }
    i = keyEnd;
    ws();
    if (text[i] !== ':') break;
    i++;
    // The value runs to the next `,` or `}` outside strings and brackets.
    const start = i;
    let depth = 0;
    while (i < n) {
      const c = text[i]!;
      if (c === '"') {
        i = stringEnd(i);
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) break;
      else if (c === '\n' && topKeyAt(i + 1)) break;
      i++;
    }
    try {
      if (typeof key === 'string') out[key] = JSON.parse(text.slice(start, i));
    } catch {
      // This part is the broken one: the others still show.
    }
    if (text[i] === ',') i++;
    else if (text[i] !== '\n') break;
  }
  return out;
}

/** A scenario's JSON: the run's when it is the one on screen (it may be edited), else the built-in's. */
function scenarioJson(id: string): Json | undefined {
  const s = appStore.getState();
  return id === s.scenarioId ? scenarioOf(s) : builtinById(id);
}

/** The text the editor opens for a scenario: its draft, else its JSON (the run's, or the built-in's). */
export function textFor(id: string): string {
  const json = scenarioJson(id);
  return loadDraft(id) ?? pretty(json ?? {});
}

/** A scenario's title for a list: the run's or the built-in's, else its id. */
export function titleFor(id: string): string {
  const json = scenarioJson(id);
  return typeof json?.title === 'string' ? json.title : id;
}

/**
 * `json` with its part `key` set to `value`. An emptied optional list (clusters, faults, fixes) is
 * left out, so the format's default applies; the workload and the producers stay, even empty. A
 * part with no value (`undefined`: the consumer field emptied) is left out too.
 */
export function withPart(json: Json, key: string, value: unknown): Json {
  const next: Json = { ...json, [key]: value };
  if (value === undefined) delete next[key];
  if (Array.isArray(value) && value.length === 0 && key !== 'workload' && key !== 'producers')
    delete next[key];
  return next;
}
