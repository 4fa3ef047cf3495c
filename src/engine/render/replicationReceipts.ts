// What the target's deduplication answers a replicator with, as the panels show it: the receipts
// the geo producer handled (`GeoReplicationProducerImpl.ackReceivedReplicatedMsg`, one row per Case
// taken) and the dedup watermarks behind those answers — V1 a sequence id per producer name, V2 a
// source position kept as two keys, `<name>_LID` and `<name>_EID`
// (`MessageDeduplication.isDuplicateReplV2`), shown as one `L:E` row. Pure: world or events in.
import type { SimEvent } from '../model/events';
import type { TopicState } from '../model/topic';
import type { ReceiptCaseView, WatermarkRow } from './panelViews';

const LID = '_LID';
const EID = '_EID';

/** Dedup watermarks for display: `<name>_LID` + `<name>_EID` become one `name` row `L:E`. */
export function watermarksOf(t: TopicState): WatermarkRow[] {
  const { highestSequencedPushed: pushed, highestSequencedPersisted: persisted } = t.dedup;
  const keys = [...new Set([...Object.keys(pushed), ...Object.keys(persisted)])].sort();
  const rows: WatermarkRow[] = [];
  const pair = (m: Record<string, number>, name: string): string =>
    m[name + LID] === undefined && m[name + EID] === undefined
      ? 'none'
      : `${m[name + LID] ?? '?'}:${m[name + EID] ?? '?'}`;
  for (const k of keys) {
    if (k.endsWith(LID) || k.endsWith(EID)) {
      const name = k.slice(0, -LID.length);
      if (rows.some((r) => r.kind === 'position' && r.name === name)) continue;
      rows.push({
        name,
        kind: 'position',
        pushed: pair(pushed, name),
        persisted: pair(persisted, name),
      });
    } else {
      const show = (n: number | undefined) => (n === undefined ? 'none' : String(n));
      rows.push({
        name: k,
        kind: 'sequence',
        pushed: show(pushed[k]),
        persisted: show(persisted[k]),
      });
    }
  }
  return rows;
}

const CASE_RULE = 'GeoReplicationProducerImpl.ackReceivedReplicatedMsg:';

function caseLabel(branch: string): string {
  if (branch === 'no-op') return 'no pending op';
  const m = /^case-(\d)(?:-(.+))?$/.exec(branch);
  if (!m) return branch;
  return m[2] === 'sentinel' ? `Case-${m[1]} (sentinel-not-confirmed)` : `Case-${m[1]}`;
}

/**
 * The receipts the geo producer handled in these steps, one row per branch taken (a Case-1 that
 * re-handles the same receipt gives two rows). `complete` events of the same branch add their
 * messages to the row they belong to.
 */
export function receiptCasesOf(
  steps: readonly { readonly index: number; readonly events: readonly SimEvent[] }[],
): ReceiptCaseView[] {
  const out: ReceiptCaseView[] = [];
  for (const s of steps) {
    let last: { -readonly [K in keyof ReceiptCaseView]: ReceiptCaseView[K] } | null = null;
    for (const e of s.events) {
      if (!e.rule?.startsWith(CASE_RULE)) continue;
      if (e.kind === 'complete' && last && last.rule === e.rule) {
        last.msgs = [...last.msgs, ...e.msgs];
        continue;
      }
      last = {
        step: s.index,
        case: caseLabel(e.rule.slice(CASE_RULE.length)),
        rule: e.rule,
        text: e.text,
        msgs: [...e.msgs],
      };
      out.push(last);
    }
  }
  return out;
}
