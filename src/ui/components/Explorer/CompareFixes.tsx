// "Compare fixes": the explorer's search on the scenario with the fixes toggled now, then once more
// with each other fix that changes a class this scenario models, one after another in the worker,
// with the panel's bounds. The verdicts land in one table — which fix closes which gap, which only
// makes it visible — and "Copy table" puts it on the clipboard as Markdown for a GitHub comment
// (the same table as the CLI's `compare --format markdown`). Each invariant found opens its
// shortest trace in the timeline, with the fixes that search ran with turned on.
import { useEffect, useRef, useState } from 'react';
import {
  boundsText,
  fixTableMarkdown,
  searchCell,
  verdictCell,
  type Counterexample,
  type ExploreProgress,
  type FixVerdict,
  fixesToCompare,
} from '../../../engine';
import { copyText } from '../../share/download';
import { appStore, openCounterexample, scenarioOf, setFixes, type FaultJson } from '../../store';
import { blockOf, type Bounds } from './bounds';
import type { ExploreHandle, StartExplore } from './session';

interface Props {
  readonly start: StartExplore;
  /** The panel's bounds as its fields read now. */
  readonly bounds: () => Bounds;
  /** The panel's own search is running: wait. */
  readonly disabled: boolean;
  readonly onRunning: (running: boolean) => void;
}

type State =
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

export function CompareFixes({ start, bounds, disabled, onRunning }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [copied, setCopied] = useState<string | null>(null);
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
    setCopied(null);
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

  const running = state.kind === 'running';
  return (
    <div className="explorer-compare" data-testid="explorer-compare">
      <div className="row">
        <button type="button" disabled={disabled || running} onClick={() => void compare()}>
          Compare fixes
        </button>{' '}
        {running && (
          <>
            <span className="muted" role="status" data-testid="compare-progress">
              search {state.at} of {state.of}: {state.fix} ·{' '}
              {(state.progress?.states ?? 0).toLocaleString('en-US')} states
            </span>{' '}
            <button type="button" onClick={cancel}>
              Cancel comparison
            </button>
          </>
        )}
      </div>
      {state.kind === 'stopped' && <p role="status">{state.message}</p>}
      {state.kind === 'done' && (
        <>
          {/* Its own sideways scroll: at 1024 px the table is wider than the side column, which
              scrolled sideways as a whole (every panel with it) to show the last columns. */}
          <div className="explorer-compare-scroll" data-testid="compare-scroll">
            <table
              className="explorer-compare-table"
              aria-label="Explorer verdicts per fix"
              data-testid="compare-table"
            >
              <thead>
                <tr>
                  <th>fix</th>
                  <th>safety</th>
                  <th>liveness</th>
                  <th>found</th>
                  <th>search</th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map(({ fix, result }) => (
                  <tr key={fix ?? ''}>
                    <td>{fix === null ? state.baseline : <code>{fix}</code>}</td>
                    <td className={result.safety === 'violated' ? 'bad' : 'ok'}>{result.safety}</td>
                    <td
                      className={
                        result.liveness === 'violated'
                          ? 'bad'
                          : result.liveness === 'holds'
                            ? 'ok'
                            : 'muted'
                      }
                    >
                      {result.liveness}
                    </td>
                    <td>
                      {result.violations.length === 0
                        ? verdictCell(result)
                        : result.violations.map((v, i) => (
                            <span key={v.invariant}>
                              {i > 0 && ', '}
                              <button
                                type="button"
                                className="link"
                                aria-label={`Open the ${v.invariant} counterexample with ${fix ?? state.baseline}`}
                                onClick={() => void openWith(state, fix, v)}
                              >
                                {v.invariant} ({v.length} steps)
                              </button>
                            </span>
                          ))}
                    </td>
                    <td className="muted">{searchCell(result)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            onClick={() => {
              const text = fixTableMarkdown(state.title, state.rows, state.bounds, state.baseline);
              void copyText(text).then((ok) =>
                setCopied(ok ? 'Copied as a Markdown table.' : text),
              );
            }}
          >
            Copy table
          </button>
          {copied !== null &&
            (copied.startsWith('Copied') ? (
              <span className="muted"> {copied}</span>
            ) : (
              <pre data-testid="compare-markdown">{copied}</pre>
            ))}
        </>
      )}
    </div>
  );
}

/** A row's counterexample in the timeline: the fixes that search ran with are turned on first. */
async function openWith(
  done: Extract<State, { kind: 'done' }>,
  fix: string | null,
  v: Counterexample,
): Promise<void> {
  await setFixes(fix ? [...done.toggles, fix] : done.toggles);
  await openCounterexample({
    invariant: v.invariant,
    trace: v.trace,
    faults: done.faults,
    explore: done.block,
  });
}
