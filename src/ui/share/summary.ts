// The state panels at one step as compact plain text, for the `<details>` block of a GitHub
// comment: one line per producer, topic and the replicator, then what each send became so far.
// A producer shows its cluster (the replicator: source→target) and, with maxPendingMessages, its
// pending queue's permits; a replication target says which of its source's messages it does not
// store yet, and a replicator's cursor ledger (cursorWrites "in-flight") what it holds.
import { outcomesOf, panelsOf, REPLICATOR, type RunResult } from '../../engine';
import { pendingOpsName } from '../clientWords';
import { ledgerHolds, ledgerWrite } from '../cursorLedgerWords';

const list = (xs: readonly string[]) => (xs.length === 0 ? '(none)' : xs.join(', '));

export function stateSummary(result: RunResult, step: number): string {
  const now = result.steps[step];
  if (!now) return '(no such step)';
  const p = panelsOf(now.world, result.steps[step - 1]?.world, result.steps.slice(0, step + 1));
  const lines: string[] = [`State after step ${step}${now.key ? ` (${now.key})` : ''}:`];
  for (const x of p.producers) {
    const pending = x.pendingMessages.map(
      (op) =>
        `${op.msgs.join('+')} seq ${op.sequenceRange}${op.localBufferCorrupted ? ' corrupted' : ''}`,
    );
    // A producer names its cluster; one that sends elsewhere (the replicator) reads source→target.
    const link = p.replications.find((r) => (r.key ?? REPLICATOR) === x.name);
    const from = link ? link.from : x.cluster;
    const where = from === x.sendsTo ? from : `${from}→${x.sendsTo}`;
    // The semaphore's permits, as the Producers panel words them (only with maxPendingMessages):
    // without them a reader of the comment cannot see why a send waits or is refused.
    const q = x.pendingQueue;
    const permits = q
      ? `, maxPendingMessages ${q.permits}${q.leak ? `, ${q.leak}` : ''}${q.waiting ? `, ${q.waiting}` : ''}`
      : '';
    lines.push(
      `producer ${x.name} (${x.client}, ${where}): ${x.state}, ${x.watermarks.map((m) => `${m.name} ${m.value}`).join(', ')}, batch ${list(x.batch.map((m) => `${m.msg}#${m.seq}`))}${permits}, ${pendingOpsName(x.client)} ${list(pending)}`,
    );
  }
  for (const t of p.topics) {
    const marks = t.watermarks.map((w) => `${w.name} pushed ${w.pushed}/persisted ${w.persisted}`);
    // The replication target: what its source stores that it does not (yet).
    const src = t.missingFromSource;
    const missing = !src
      ? ''
      : src.msgs.length > 0
        ? `; stored at ${src.from} but not here: ${src.msgs.join(', ')}`
        : `; every message stored at ${src.from} is here too`;
    lines.push(
      `topic @${t.cluster} (owner ${t.owner}, dedup ${t.dedupEnabled ? 'on' : 'off'}${t.fenced ? ', fenced' : ''}): ${t.stored.length > 0 ? `stored ${t.stored.join(', ')}` : 'nothing stored'}${missing}; watermarks ${list(marks)}`,
    );
  }
  for (const r of p.replications) {
    // With the cursor ledger (cursorWrites "in-flight") the cursor's mark-delete is the copy in
    // memory, and the ledger's line under it says what a crash of the source's broker keeps, in the
    // replication panel's words: without it a delete the crash undoes read as done.
    const ledger = r.cursorLedger;
    lines.push(
      `replicator ${r.from}→${r.to} (${r.dedup}): ${r.state}${r.reason ? ` (${r.reason})` : ''}, readPosition ${r.readPosition}, markDeletePosition ${r.markDeletePosition}${ledger ? ' (in memory)' : ''}, lastPersistedSource ${r.producer.lastPersistedSource}, pending ${list(r.producer.pending.map((o) => o.msgs.join('+')))}`,
    );
    if (ledger) {
      const write = ledgerWrite(ledger, r.from);
      lines.push(`  cursor ledger: ${ledgerHolds(ledger)}. ${write.lead} ${write.rest}`);
    }
  }
  const outcomes = Object.entries(outcomesOf(now.world)).map(([m, o]) => `${m}: ${o.join(' / ')}`);
  lines.push(`outcomes: ${list(outcomes)}`);
  const violated = result.violations
    .filter((v) => v.step <= step)
    .map((v) => `${v.invariant} at step ${v.step}: ${v.detail}`);
  lines.push(`violations so far: ${list(violated)}`);
  // Backticks would end the code block this text sits in; names cannot contain them, details might.
  return lines.join('\n').replace(/`/g, "'");
}
