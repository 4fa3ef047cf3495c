// The editor form's line syntax for the common parts of a scenario, both ways: the JSON's
// clusters, producers and workload as one line each, so a small form edits the same JSON.
// Parsing returns the JSON shape or an error naming the line; nothing throws. The syntax every part
// shares is lineSyntax.ts's; the producers' and the workload's lines, the longest, have files of
// their own (producerLines.ts, workloadLines.ts); the clusters, faults and replication links are here.
import { csv, lines, list, options, str, type Json, type Parsed } from './lineSyntax';

export type { Parsed } from './lineSyntax';
export * from './consumerLines';
export * from './producerLines';
export * from './workloadLines';

/** `us-east brokers=broker-1,broker-2 bookies=bookie-1` */
export function clustersToLines(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return v
    .map((c: Json) =>
      [
        str(c?.name),
        c?.brokers !== undefined && `brokers=${list(c.brokers)}`,
        c?.bookies !== undefined && `bookies=${list(c.bookies)}`,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');
}

export function linesToClusters(text: string): Parsed<Json[]> {
  const out: Json[] = [];
  for (const { n, words, error } of lines(text)) {
    if (error !== undefined) return { ok: false, error };
    const o = options(words.slice(1), n, ['brokers', 'bookies']);
    if (!o.ok) return o;
    out.push({
      name: words[0],
      ...(o.value.brokers !== undefined ? { brokers: csv(o.value.brokers) } : {}),
      ...(o.value.bookies !== undefined ? { bookies: csv(o.value.bookies) } : {}),
    });
  }
  return { ok: true, value: out };
}

/** Faults: one JSON object per line. */
export function faultsToLines(v: unknown): string {
  return Array.isArray(v) ? v.map((f) => JSON.stringify(f)).join('\n') : '';
}

export function linesToFaults(text: string): Parsed<unknown[]> {
  const out: unknown[] = [];
  for (const [i, l] of text.split('\n').entries()) {
    if (l.trim() === '') continue;
    try {
      out.push(JSON.parse(l));
    } catch {
      return {
        ok: false,
        error: `line ${i + 1}: not a JSON object (one fault per line, e.g. {"kind":"lose-receipt","message":"M2"})`,
      };
    }
  }
  return { ok: true, value: out };
}

/**
 * Replication links: `us-east -> us-west dedup=v1 start=after-workload`, one line per link. One
 * line is written as the single object `replication` always meant, several as the list of links
 * (docs/scenario-format-extensions.md); no line removes `replication` (CommonParts' withPart).
 */
export function replicationToLines(v: unknown): string {
  const links = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? [v] : [];
  return links
    .map((l: Json) =>
      [
        str(l?.from),
        '->',
        str(l?.to),
        l?.dedup !== undefined && `dedup=${str(l.dedup)}`,
        l?.start !== undefined && `start=${str(l.start)}`,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');
}

export function linesToReplication(text: string): Parsed<Json | Json[]> {
  const out: Json[] = [];
  for (const { n, words, error } of lines(text)) {
    if (error !== undefined) return { ok: false, error };
    const [from, arrow, to] = words;
    if (!from || arrow !== '->' || !to)
      return {
        ok: false,
        error: `line ${n}: expected "<from cluster> -> <to cluster> [dedup=v1|v2] [start=immediately|after-workload]"`,
      };
    const o = options(words.slice(3), n, ['dedup', 'start']);
    if (!o.ok) return o;
    out.push({
      from,
      to,
      ...(o.value.dedup !== undefined ? { dedup: o.value.dedup } : {}),
      ...(o.value.start !== undefined ? { start: o.value.start } : {}),
    });
  }
  return { ok: true, value: out.length === 1 ? out[0]! : out };
}
