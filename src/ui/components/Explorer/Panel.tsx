// The explorer panel (issue 6): run the bounded search on the current scenario in a worker, with
// editable bounds (defaults from the scenario's `explore` block), a progress bar (states, states/s,
// depth, queue) and Cancel; the verdict (safety and liveness apart, complete or cut short); each
// violated invariant with its trace length and a button that opens the counterexample as a branch.
// "Explore from here" replays the current branch's keys up to the cursor before the search;
// "Compare fixes" (./CompareFixes.tsx) runs it once per fix and shows the verdicts side by side.
import { Fragment, useEffect, useRef, useState } from 'react';
import { EXPLORE_FAULT_KINDS, type ExploreProgress, type ExploreResult } from '../../../engine';
import {
  appStore,
  openCounterexample,
  pathToHere,
  scenarioOf,
  useApp,
  type FaultJson,
} from '../../store';
import {
  blockOf,
  boundsOf,
  kindApplies,
  MAX,
  MIN,
  NUM_KEYS,
  readBound,
  type Block,
  type Bounds,
  type NumKey,
} from './bounds';
import { EXPLORE_KIND_WORDS } from '../../faultWords';
import { CompareFixes } from './CompareFixes';
import { workerExplore, type ExploreHandle, type StartExplore } from './session';
import './explorer.css';

export { blockOf, boundsOf } from './bounds';

/** What a finished, cancelled or failed search leaves on screen. */
type Outcome =
  | { readonly kind: 'done'; readonly result: ExploreResult; readonly seconds: number }
  | {
      readonly kind: 'cancelled';
      readonly progress: ExploreProgress | null;
      readonly stopMs: number;
    }
  | { readonly kind: 'error'; readonly message: string };

/** What the search ran with: opening a counterexample needs the same plan and explore block. */
interface Ran {
  readonly faults: readonly FaultJson[];
  readonly block: Block;
  readonly from: number | null;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const LABELS: Record<NumKey, string> = {
  maxDepth: 'Max depth',
  maxStates: 'Max states',
  maxFaults: 'Max faults',
};

export function verdictOf(r: ExploreResult): string {
  const cut =
    r.stopReason === 'max-states'
      ? 'cut short by the state bound (raise Max states)'
      : r.stopReason === 'max-depth'
        ? 'cut short by the depth bound (raise Max depth)'
        : r.stopReason === 'memory'
          ? 'cut short before memory ran out (lower Max states)'
          : 'complete';
  if (r.violations.length === 0) return `no violation in ${fmt(r.states)} states, ${cut}`;
  return `${r.violations.length} invariant${r.violations.length === 1 ? '' : 's'} violated in ${fmt(r.states)} states, ${cut}`;
}

/** A verdict that holds only over the part searched says so: a cut-short "holds" is not a proof. */
export const judged = (v: string, complete: boolean): string =>
  v === 'holds' && !complete ? 'holds in the states searched (not complete)' : v;

/** Which faults the search could take: the scenario's plan, and what it placed itself. */
function faultsText(ran: Ran): string {
  const ex = (ran.block.explore ?? ran.block) as {
    faults?: { kinds?: readonly string[]; max?: number };
  };
  const kinds = ex.faults?.kinds ?? [];
  const max = ex.faults?.max ?? 0;
  const plan =
    ran.faults.length > 0
      ? `the fault plan's ${ran.faults.length} (each at any step once due)`
      : '';
  const placed =
    kinds.length > 0 && max > 0
      ? `placed by the search: ${kinds.join(', ')}, at most ${max} per run`
      : '';
  return (
    [plan, placed].filter(Boolean).join('; ') ||
    'none (every interleaving without faults; pick fault kinds to place some)'
  );
}

export default function ExplorerPanel({ start = workerExplore }: { start?: StartExplore }) {
  const scenario = useApp((s) => scenarioOf(s));
  const [bounds, setBounds] = useState<Bounds>(() => boundsOf(scenario));
  // The number fields as typed (a field may be empty while the user edits it).
  const [texts, setTexts] = useState<Record<NumKey, string>>(() => ({
    maxDepth: String(bounds.maxDepth),
    maxStates: String(bounds.maxStates),
    maxFaults: String(bounds.maxFaults),
  }));
  // Why a field was not taken as typed at the last Explore (it kept its previous value).
  const [notes, setNotes] = useState<Partial<Record<NumKey, string>>>({});
  const [progress, setProgress] = useState<ExploreProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [ran, setRan] = useState<Ran | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const handle = useRef<ExploreHandle | null>(null);
  const cancelAt = useRef(0);
  const exploreButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  /** Cancel had the focus when the search ended: it goes to Explore, not to <body>. */
  const refocus = useRef(false);
  // The kinds that can apply to this scenario (and any its explore block lists anyway).
  const config = useApp((s) => s.result?.steps[0]?.world.config ?? null);
  const kinds = EXPLORE_FAULT_KINDS.filter(
    (k) => (config !== null && kindApplies(k, config)) || bounds.kinds.includes(k),
  );
  const [comparing, setComparing] = useState(false);
  const running = ran !== null && outcome === null;
  const busy = running || comparing;

  // A search still running when the panel goes away (another scenario) is cancelled.
  useEffect(() => () => handle.current?.cancel(), []);

  /**
   * The bounds as the fields read now, shown back. An empty or invalid field keeps the value it
   * had (the scenario's or the default at first) and says so beside it: never a silent 1.
   */
  const parseBounds = (): Bounds => {
    const parsed = { ...bounds };
    const why: Partial<Record<NumKey, string>> = {};
    for (const k of NUM_KEYS) {
      const r = readBound(k, texts[k]);
      if (r.ok) parsed[k] = r.value;
      else why[k] = `${LABELS[k]} ${r.why}: kept ${fmt(bounds[k])}.`;
    }
    setTexts({
      maxDepth: String(parsed.maxDepth),
      maxStates: String(parsed.maxStates),
      maxFaults: String(parsed.maxFaults),
    });
    setNotes(why);
    setBounds(parsed);
    return parsed;
  };

  // Cancel (or a search ending while Cancel had the focus) removes the focused button: the focus
  // goes to Explore instead of falling to <body>.
  useEffect(() => {
    if (outcome !== null && refocus.current) {
      refocus.current = false;
      exploreButton.current?.focus();
    }
  }, [outcome]);
  const ended = () => {
    refocus.current =
      document.activeElement === cancelButton.current && cancelButton.current !== null;
  };

  const run = (from: boolean) => {
    const s = appStore.getState();
    const sc = scenarioOf(s);
    const b = s.branches[s.branch];
    if (!sc || !b) return;
    const block = blockOf(parseBounds());
    // The fault plan as it stands (the scenario's own and any injected): the search takes each
    // planned fault at any step once it is due, besides the faults it places itself.
    const faults = b.faults;
    const prefix = from ? pathToHere(s) : undefined;
    const t0 = performance.now();
    setRan({ faults, block, from: from ? s.cursor : null });
    setOutcome(null);
    setProgress(null);
    setStartedAt(t0);
    setNow(t0);
    const h = start(
      {
        scenario: { ...sc, explore: block, faults, schedule: 'auto' },
        fixes: s.fixes,
        ...(from ? { prefix } : {}),
      },
      (p) => {
        if (handle.current !== h) return;
        setProgress(p);
        setNow(performance.now());
      },
    );
    handle.current = h;
    h.result.then(
      (result) => {
        if (handle.current !== h) return;
        ended();
        const t1 = performance.now();
        setOutcome(
          result
            ? { kind: 'done', result, seconds: (t1 - t0) / 1000 }
            : { kind: 'cancelled', progress: null, stopMs: t1 - cancelAt.current },
        );
        if (result) setProgress(result);
      },
      (e: unknown) => {
        if (handle.current !== h) return;
        ended();
        setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      },
    );
  };

  const cancel = () => {
    cancelAt.current = performance.now();
    handle.current?.cancel();
  };

  const set = (patch: Partial<Bounds>) => setBounds((b) => ({ ...b, ...patch }));
  const num = (label: string, key: NumKey) => (
    <label>
      {label}{' '}
      <input
        type="number"
        min={MIN[key]}
        max={MAX[key]}
        step={1}
        value={texts[key]}
        disabled={busy}
        aria-describedby={notes[key] ? `explorer-note-${key}` : undefined}
        onChange={(e) => {
          setTexts((t) => ({ ...t, [key]: e.target.value }));
          setNotes((n) => ({ ...n, [key]: undefined }));
        }}
      />
      {notes[key] && (
        <span className="explorer-field-note" id={`explorer-note-${key}`} role="status">
          {notes[key]}
        </span>
      )}
    </label>
  );
  const seconds = Math.max(0.001, (now - startedAt) / 1000);

  return (
    <section className="panel explorer-panel" aria-label="Explorer" data-testid="panel-explorer">
      <h3>Explorer</h3>
      <div className="explorer-bounds">
        {num('Max depth', 'maxDepth')}
        {num('Max states', 'maxStates')}
        {num('Max faults', 'maxFaults')}
        <fieldset disabled={busy}>
          <legend>Fault kinds</legend>
          {kinds.some((k) => k.startsWith('checksum-error')) && (
            <p className="muted explorer-kinds-hint">
              checksum-error tries both local buffer states; :corrupted and :intact only one
              (whether the producer's own copy is corrupted too). Point at a kind for what it does.
            </p>
          )}
          {kinds.map((k) => (
            <Fragment key={k}>
              <label className="explorer-kind" title={EXPLORE_KIND_WORDS[k]}>
                <input
                  type="checkbox"
                  aria-describedby={`explorer-kind-${k}`}
                  checked={bounds.kinds.includes(k)}
                  onChange={(e) =>
                    set({
                      kinds: e.target.checked
                        ? [...bounds.kinds, k]
                        : bounds.kinds.filter((x) => x !== k),
                    })
                  }
                />{' '}
                {k}
              </label>
              {/* Outside the label: the words describe the checkbox, they are not its name. */}
              <span id={`explorer-kind-${k}`} className="visually-hidden">
                {EXPLORE_KIND_WORDS[k]}
              </span>
            </Fragment>
          ))}
        </fieldset>
      </div>
      <div className="row">
        <button ref={exploreButton} type="button" disabled={busy} onClick={() => run(false)}>
          Explore
        </button>{' '}
        <ExploreFromHere disabled={busy} onClick={() => run(true)} />{' '}
        {running && (
          <button ref={cancelButton} type="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      {ran && (progress || running) && (
        <div className="explorer-progress" data-testid="explorer-progress">
          <progress
            aria-label="Explorer progress"
            max={bounds.maxStates}
            value={Math.min(progress?.states ?? 0, bounds.maxStates)}
          />
          <p className="muted">
            {fmt(progress?.states ?? 0)} states · {fmt((progress?.states ?? 0) / seconds)} states/s
            · depth {progress?.depth ?? 0} · queue {fmt(progress?.queue ?? 0)}
            {ran.from !== null ? ` · from step ${ran.from}` : ''}
          </p>
        </div>
      )}
      <div data-testid="explorer-status" role="status">
        {running && <p>Exploring…</p>}
        {outcome?.kind === 'cancelled' && (
          <p>
            Search cancelled after {fmt(progress?.states ?? 0)} states (stopped{' '}
            <span data-testid="explorer-stop-ms">{Math.round(outcome.stopMs)}</span> ms after
            Cancel).
          </p>
        )}
        {outcome?.kind === 'error' && (
          <p role="alert" className="error-box">
            The search could not run: {outcome.message}
          </p>
        )}
      </div>
      {outcome?.kind === 'done' && ran && (
        <Results result={outcome.result} seconds={outcome.seconds} ran={ran} />
      )}
      <CompareFixes
        start={start}
        bounds={parseBounds}
        disabled={running}
        onRunning={setComparing}
      />
    </section>
  );
}

/**
 * The one part of the panel that follows the cursor: a step re-renders this button, not the
 * bounds form (whose inputs React would touch on every render). At step 0 it would be Explore
 * itself, so it is not shown there.
 */
function ExploreFromHere({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const cursor = useApp((s) => s.cursor);
  if (cursor === 0) return null;
  return (
    <button type="button" disabled={disabled} onClick={onClick}>
      Explore from here (step {cursor})
    </button>
  );
}

function Results({ result, seconds, ran }: { result: ExploreResult; seconds: number; ran: Ran }) {
  return (
    <div className="explorer-results" data-testid="explorer-results">
      <p data-testid="explorer-verdict">
        <strong>{verdictOf(result)}</strong> ({seconds.toFixed(1)} s)
      </p>
      <ul className="plain">
        <li>
          Safety: <strong>{judged(result.safety, result.complete)}</strong>
        </li>
        <li>
          Liveness: <strong>{judged(result.liveness, result.complete)}</strong>
        </li>
        <li className="muted" data-testid="explorer-faults">
          Faults searched: {faultsText(ran)}
        </li>
      </ul>
      {result.violations.length > 0 && (
        <ol className="plain explorer-violations">
          {result.violations.map((v) => (
            <li key={v.invariant} data-testid={`explorer-violation-${v.invariant}`}>
              <strong>{v.invariant}</strong> — trace of {v.length} steps
              <div className="muted">{v.detail}</div>
              <button
                type="button"
                aria-label={`Open the ${v.invariant} counterexample`}
                onClick={() =>
                  void openCounterexample({
                    invariant: v.invariant,
                    trace: v.trace,
                    faults: ran.faults,
                    explore: ran.block,
                  })
                }
              >
                Open in the timeline
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
