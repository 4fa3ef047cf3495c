// The state panels at the cursor. The view-models come from engine/render/panels (pure), computed
// once per (run, cursor); each panel only lays them out, and re-renders only when its view-model
// changed in value (same.ts): a step usually changes one or two of them.
import { useMemo } from 'react';
import {
  heldSince,
  outcomeRows,
  outcomesOf,
  panelsOf,
  replicationDedup,
  type ReplicationPanel as ReplicationView,
  type TopicPanel as TopicView,
} from '../../../engine';
import { useShownStep } from '../../store';
import { DedupPanel } from './Dedup';
import { InFlightPanel } from './InFlight';
import { InvariantsPanel } from './Invariants';
import { OutcomesPanel, type UnreadCopies } from './Outcomes';
import { StepCodePanel } from './StepCode';
import { ProducersPanel } from './Producers';
import { ReplicationPanel } from './Replication';
import { cursorWriteKeys } from './ReplicatorCursorLedger';
import { memoByValue } from './same';
import { StoragePanels } from '../Storage';
import { TopicPanel } from './Topic';

const Replication = memoByValue(ReplicationPanel);
const Producers = memoByValue(ProducersPanel);
const Dedup = memoByValue(DedupPanel);
const Topic = memoByValue(TopicPanel);
const InFlight = memoByValue(InFlightPanel);
const Outcomes = memoByValue(OutcomesPanel);
const StepCode = memoByValue(StepCodePanel);

/** `key` when it is dedup housekeeping (`dedup-snapshot:`, `dedup-purge:`), else null. */
const housekeeping = (key: string | null | undefined): string | null =>
  key?.startsWith('dedup-snapshot:') || key?.startsWith('dedup-purge:') ? key : null;

/** Messages the replicator deleted at its source that the remote does not store: lost, not late. */
function lostOf(repl: ReplicationView | null): string[] {
  return repl
    ? [...new Set(repl.entries.filter((e) => e.lostAtRemote).flatMap((e) => e.msgs))]
    : [];
}

/** Of those, the ones a message TTL expired on the replicator's cursor before it replicated them. */
function expiredOf(repl: ReplicationView | null): string[] {
  return repl
    ? [...new Set(repl.entries.filter((e) => e.lostAtRemote && e.expired).flatMap((e) => e.msgs))]
    : [];
}

/** Per message, the entries holding it that no reader reaches, with the Topic panel's reason. */
function unreadOf(topics: readonly TopicView[]): UnreadCopies {
  const out: Record<string, string[]> = {};
  for (const t of topics)
    for (const l of t.ledgers)
      for (const e of l.entries)
        if (e.unreadable !== null)
          for (const m of new Set(e.msgs))
            (out[m] ??= []).push(`${t.cluster} ${e.position} — ${e.unreadable}`);
  return out;
}

export function Panels() {
  // Memoized per (run, cursor): renders that change neither (theme, menus) do no work here.
  const { result, cursor } = useShownStep();
  return useMemo(() => {
    const now = result?.steps[cursor];
    if (!result || !now) return null;
    const panels = panelsOf(
      now.world,
      result.steps[cursor - 1]?.world,
      result.steps.slice(0, cursor + 1),
    );
    return (
      // data-step: the step these panels show (they follow the cursor a render later).
      <div className="panels" data-step={cursor}>
        <InvariantsPanel result={result} cursor={cursor} />
        <Outcomes
          rows={outcomeRows(now.world, heldSince(result, cursor))}
          unread={unreadOf(panels.topics)}
          sends={outcomesOf(now.world)}
          step={cursor}
        />
        <StepCode step={cursor} stepKey={now.key ?? null} events={now.events} />
        {panels.replications.map((r) => {
          const writes = cursorWriteKeys(now.enabled, r);
          const next = result.steps[cursor + 1]?.key ?? null;
          return (
            <Replication
              key={r.key ?? 'replicator'}
              repl={r}
              writes={writes}
              // Only its own write matters there: the panel re-renders when its props change.
              taken={next !== null && writes.includes(next) ? next : null}
            />
          );
        })}
        <StoragePanels result={result} cursor={cursor} />
        <Producers
          producers={panels.producers}
          replicationDedup={replicationDedup(now.world.config)}
        />
        <Dedup
          topics={panels.topics}
          enabled={now.enabled.filter((k) => housekeeping(k) !== null)}
          // Only a housekeeping key matters there: the panel re-renders when its props change.
          taken={housekeeping(result.steps[cursor + 1]?.key)}
        />
        <Topic
          topics={panels.topics}
          lost={[...new Set(panels.replications.flatMap((r) => lostOf(r)))]}
          expired={[...new Set(panels.replications.flatMap((r) => expiredOf(r)))]}
        />
        <InFlight channels={panels.channels} />
      </div>
    );
  }, [result, cursor]);
}
