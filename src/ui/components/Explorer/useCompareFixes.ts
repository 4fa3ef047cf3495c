// Compare fixes, the search loop: the explorer's search without the fixes toggled on (when any
// are), once with them, then once more with each other fix that changes a class this scenario models, one after another, with the
// panel's bounds and the fault plan as it stands. Cancelling stops the search running and the loop.
// While it runs, the state says which search is under way, its progress and bounds, when it and
// the comparison started, and the verdicts of the searches done (a comparison on seed 001 takes
// minutes, and a growing count alone said nothing of how far it was; UX review 9, Follow-up).
// The clock is the UI's (performance.now), read at each start, progress report and end.
import { useEffect, useRef, useState } from 'react';
import { boundsText, fixesToCompare } from '../../../engine';
import { appStore, scenarioOf } from '../../store';
import { blockOf, type Bounds } from './bounds';
import { durationOf, rowName, type Compared, type CompareRow, type CompareState } from './compared';
import type { ExploreHandle, StartExplore } from './session';

/** One search of the comparison: a fix added, the baseline (null), or the toggles off. */
type Variant = Omit<CompareRow, 'result'>;

export function useCompareFixes(props: {
  readonly start: StartExplore;
  /** The panel's bounds as its fields read now. */
  readonly bounds: () => Bounds;
  readonly onRunning: (running: boolean) => void;
}) {
  const { start, bounds, onRunning } = props;
  const [state, setState] = useState<CompareState>({ kind: 'idle' });
  const handle = useRef<ExploreHandle | null>(null);
  const stopped = useRef(false);
  useEffect(() => () => void handle.current?.cancel(), []);

  const compare = async () => {
    const s = appStore.getState();
    const sc = scenarioOf(s);
    const config = s.result?.steps[0]?.world.config;
    if (!sc || !config) return;
    // The fixes on now: the scenario's own and the toggles (what the run was made with).
    const on = config.fixes;
    const others = fixesToCompare(config);
    // With fixes toggled on, the search without them comes first: what the toggled fix closes is
    // read in one table, not after turning it off (UX review 24, finding 4).
    const own = on.filter((f) => !s.fixes.includes(f));
    const without =
      s.fixes.length === 0 ? null : own.length > 0 ? `as written (${own.join(', ')})` : 'no fixes';
    if (others.length === 0 && without === null) {
      const why =
        on.length > 0
          ? 'every fix that changes a class this scenario models is on already'
          : 'no fix changes a class this scenario models (a Go producer, the replicator, BookKeeper)';
      return setState({ kind: 'stopped', message: `Nothing to compare: ${why}.` });
    }
    const variants: Variant[] = [
      ...(without !== null ? [{ fix: null, without: true as const }] : []),
      { fix: null },
      ...others.map((fix) => ({ fix })),
    ];
    const baseline = on.length > 0 ? `as toggled (${on.join(', ')})` : 'no fixes';
    const named = (v: Variant) => rowName(v.fix, { baseline, on, without }, v.without);
    const read = bounds();
    const b = blockOf(read);
    // The fault plan as it stands is searched too (each planned fault at any step once due).
    const faults = s.branches[s.branch]?.faults ?? [];
    const rows: CompareRow[] = [];
    const sheet = (): Compared => ({
      rows: [...rows],
      title: String(sc.title ?? sc.id),
      bounds: boundsText(b),
      baseline,
      without,
      on,
      toggles: s.fixes,
      faults,
      block: b,
    });
    const t0 = performance.now();
    const ranFor = () => (performance.now() - t0) / 1000;
    // The running search's count at its last report (set in its progress callback).
    const last = { states: 0 };
    stopped.current = false;
    onRunning(true);
    try {
      for (const [i, v] of variants.entries()) {
        const t = performance.now();
        last.states = 0;
        setState({
          kind: 'running',
          at: i + 1,
          of: variants.length,
          fix: named(v),
          waiting: variants.slice(i + 1).map(named),
          progress: null,
          maxStates: read.maxStates,
          maxDepth: read.maxDepth,
          startedAt: t0,
          searchStartedAt: t,
          now: t,
          sheet: sheet(),
        });
        const h = start(
          {
            scenario: { ...sc, explore: b, faults, schedule: 'auto' },
            fixes: v.without ? [] : v.fix ? [...s.fixes, v.fix] : s.fixes,
          },
          (progress) => {
            last.states = progress.states;
            const now = performance.now();
            setState((st) => (st.kind === 'running' ? { ...st, progress, now } : st));
          },
        );
        handle.current = h;
        const result = await h.result;
        if (!result || stopped.current) {
          // What was finished: the searches done (their verdicts stay below), how long it ran, and
          // where the one under way was stopped.
          const cut = `search ${i + 1} (${named(v)}) was stopped at ${last.states.toLocaleString('en-US')} states`;
          return setState({
            kind: 'stopped',
            message: `Comparison cancelled after ${rows.length} of ${variants.length} searches. It ran ${durationOf(ranFor())}; ${cut}.`,
            ...(rows.length > 0 ? { sheet: sheet() } : {}),
          });
        }
        rows.push({ ...v, result });
      }
      setState({ kind: 'done', sheet: sheet(), seconds: ranFor() });
    } catch (e) {
      setState({
        kind: 'stopped',
        message: `The comparison could not run: ${e instanceof Error ? e.message : String(e)}`,
        ...(rows.length > 0 ? { sheet: sheet() } : {}),
      });
    } finally {
      handle.current = null;
      onRunning(false);
    }
  };

  const cancel = () => {
    stopped.current = true;
    handle.current?.cancel();
  };
  return { state, compare, cancel };
}
