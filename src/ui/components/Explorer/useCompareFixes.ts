// Compare fixes, the search loop: the explorer's search once with the fixes toggled now, then once
// more with each other fix that changes a class this scenario models, one after another, with the
// panel's bounds and the fault plan as it stands. Cancelling stops the search running and the loop.
import { useEffect, useRef, useState } from 'react';
import { boundsText, fixesToCompare, type ExploreProgress, type FixVerdict } from '../../../engine';
import { appStore, scenarioOf, type FaultJson } from '../../store';
import { blockOf, type Bounds } from './bounds';
import type { ExploreHandle, StartExplore } from './session';

export type CompareState =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'running';
      readonly at: number;
      readonly of: number;
      readonly fix: string;
      readonly progress: ExploreProgress | null;
    }
  | {
      readonly kind: 'done';
      readonly rows: readonly FixVerdict[];
      readonly title: string;
      readonly bounds: string;
      readonly baseline: string;
      /** What the searches ran with: the toggles then, the fault plan and the explore block (to open a trace). */
      readonly toggles: readonly string[];
      readonly faults: readonly FaultJson[];
      readonly block: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'stopped'; readonly message: string };

/** The comparison when it is done: the verdicts, and what the searches ran with. */
export type Compared = Extract<CompareState, { kind: 'done' }>;

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
    if (others.length === 0) {
      const why =
        on.length > 0
          ? 'every fix that changes a class this scenario models is on already'
          : 'no fix changes a class this scenario models (a Go producer, the replicator, BookKeeper)';
      return setState({ kind: 'stopped', message: `Nothing to compare: ${why}.` });
    }
    const variants: (string | null)[] = [null, ...others];
    const baseline = on.length > 0 ? `as toggled (${on.join(', ')})` : 'none';
    const b = blockOf(bounds());
    // The fault plan as it stands is searched too (each planned fault at any step once due).
    const faults = s.branches[s.branch]?.faults ?? [];
    const rows: FixVerdict[] = [];
    stopped.current = false;
    onRunning(true);
    try {
      for (const [i, fix] of variants.entries()) {
        setState({
          kind: 'running',
          at: i + 1,
          of: variants.length,
          fix: fix ?? baseline,
          progress: null,
        });
        const h = start(
          {
            scenario: { ...sc, explore: b, faults, schedule: 'auto' },
            fixes: fix ? [...s.fixes, fix] : s.fixes,
          },
          (progress) => setState((st) => (st.kind === 'running' ? { ...st, progress } : st)),
        );
        handle.current = h;
        const result = await h.result;
        if (!result || stopped.current)
          return setState({
            kind: 'stopped',
            message: `Comparison cancelled after ${rows.length} of ${variants.length} searches.`,
          });
        rows.push({ fix, result });
      }
      setState({
        kind: 'done',
        rows,
        title: String(sc.title ?? sc.id),
        bounds: boundsText(b),
        baseline,
        toggles: s.fixes,
        faults,
        block: b,
      });
    } catch (e) {
      setState({
        kind: 'stopped',
        message: `The comparison could not run: ${e instanceof Error ? e.message : String(e)}`,
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
