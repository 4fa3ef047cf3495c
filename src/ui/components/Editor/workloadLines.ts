// The workload part of the editor form: a send, a flush or an await as one line, both ways —
// `send M1 p1 seq=0 size=100`, `flush p1`, `await p1` — and any other item as its JSON on a line.
import {
  bool,
  csv,
  lines,
  list,
  num,
  options,
  str,
  word,
  type Json,
  type Parsed,
} from './lineSyntax';

/**
 * `send M1 p1 seq=0 size=100 replicateTo=us-east,us-west` (`replicateTo=` is the empty list),
 * `send M2 p1 disableReplication=true`, `send M3 p1 deliverAfter=5000` (ms), `send M4 p1 sync=true`
 * (Go's Send(ctx)), `flush p1`, `await p1`
 */
export function workloadToLines(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return v
    .map((w: Json) => {
      if (w && typeof w.send === 'string')
        return [
          'send',
          word(w.send),
          str(w.producer),
          w.seq !== undefined && `seq=${str(w.seq)}`,
          w.size !== undefined && `size=${str(w.size)}`,
          w.replicateTo !== undefined && `replicateTo=${list(w.replicateTo)}`,
          w.disableReplication !== undefined && `disableReplication=${str(w.disableReplication)}`,
          w.deliverAfter !== undefined && `deliverAfter=${str(w.deliverAfter)}`,
          w.sync !== undefined && `sync=${str(w.sync)}`,
        ]
          .filter(Boolean)
          .join(' ');
      if (w && typeof w.flush === 'string') return `flush ${word(w.flush)}`;
      if (w && typeof w.await === 'string') return `await ${word(w.await)}`;
      return JSON.stringify(w);
    })
    .join('\n');
}

export function linesToWorkload(text: string): Parsed<unknown[]> {
  const out: unknown[] = [];
  for (const { n, text: typed, words, error } of lines(text)) {
    if (error !== undefined) return { ok: false, error };
    const [verb, a, b] = words;
    if (verb === 'send' && a !== undefined && b !== undefined) {
      const o = options(words.slice(3), n, [
        'seq',
        'size',
        'replicateTo',
        'disableReplication',
        'deliverAfter',
        'sync',
      ]);
      if (!o.ok) return o;
      const { seq, size, replicateTo, disableReplication, deliverAfter, sync } = o.value;
      out.push({
        send: a,
        producer: b,
        ...(seq !== undefined ? { seq: num(seq) } : {}),
        ...(size !== undefined ? { size: num(size) } : {}),
        ...(replicateTo !== undefined ? { replicateTo: csv(replicateTo) } : {}),
        ...(disableReplication !== undefined
          ? { disableReplication: bool(disableReplication) }
          : {}),
        ...(deliverAfter !== undefined ? { deliverAfter: num(deliverAfter) } : {}),
        ...(sync !== undefined ? { sync: bool(sync) } : {}),
      });
    } else if ((verb === 'flush' || verb === 'await') && words.length === 2) {
      out.push({ [verb]: a });
    } else if (typed.startsWith('{')) {
      try {
        out.push(JSON.parse(typed));
      } catch {
        return { ok: false, error: `line ${n}: not valid JSON` };
      }
    } else {
      return {
        ok: false,
        error: `line ${n}: expected "send <message> <producer> [seq=n] [size=n] [replicateTo=c1,c2] [disableReplication=true] [deliverAfter=ms] [sync=true]", "flush <producer>" or "await <producer>" (a name with a space is one word in quotes: "M 1")`,
      };
    }
  }
  return { ok: true, value: out };
}
