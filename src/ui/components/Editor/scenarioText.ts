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
 * left out, so the format's default applies; the workload and the producers stay, even empty.
 */
export function withPart(json: Json, key: string, value: unknown): Json {
  const next: Json = { ...json, [key]: value };
  if (Array.isArray(value) && value.length === 0 && key !== 'workload' && key !== 'producers')
    delete next[key];
  return next;
}
