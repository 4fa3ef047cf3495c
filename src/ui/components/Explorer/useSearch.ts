// One search at a time in the explorer worker: start it (from step 0, or replaying the branch's
// keys up to the cursor), follow its progress, cancel it, and keep what it left on screen. A reply
// from a search that is no longer the current one is ignored.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ExploreProgress, ExploreResult } from '../../../engine';
import { appStore, pathToHere, scenarioOf } from '../../store';
import { blockOf, type Bounds } from './bounds';
import { besideOf, type Searched } from './beside';
import type { ExploreHandle, StartExplore } from './session';
import type { Ran } from './verdict';

/** What a finished, cancelled or failed search leaves on screen. */
export type Outcome =
  | { readonly kind: 'done'; readonly result: ExploreResult; readonly seconds: number }
  | {
      readonly kind: 'cancelled';
      readonly progress: ExploreProgress | null;
      readonly stopMs: number;
    }
  | { readonly kind: 'error'; readonly message: string };

/** `exploreButton` and `cancelButton` are the panel's buttons: the focus moves between them both ways. */
export function useSearch(
  start: StartExplore,
  exploreButton: RefObject<HTMLButtonElement | null>,
  cancelButton: RefObject<HTMLButtonElement | null>,
) {
  const [progress, setProgress] = useState<ExploreProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [ran, setRan] = useState<Ran | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const handle = useRef<ExploreHandle | null>(null);
  // The last finished search, and the one the verdict on screen is read beside (./beside.ts): the
  // search before it with other fixes, else null.
  const last = useRef<Searched | null>(null);
  const [beside, setBeside] = useState<Searched | null>(null);
  const cancelAt = useRef(0);
  /** Cancel had the focus when the search ended: it goes to Explore, not to <body>. */
  const refocus = useRef(false);
  const running = ran !== null && outcome === null;

  // A search still running when the panel goes away (another scenario) is cancelled.
  useEffect(() => () => handle.current?.cancel(), []);

  // Cancel (or a search ending while Cancel had the focus) removes the focused button: the focus
  // goes to Explore instead of falling to <body>. (`exploreButton` is a ref: it never changes.)
  useEffect(() => {
    if (outcome !== null && refocus.current) {
      refocus.current = false;
      exploreButton.current?.focus();
    }
  }, [outcome, exploreButton]);
  // Explore (or Explore from here) is disabled while the search runs: the focus on it fell to
  // <body>, and a keyboard user had to Tab from the top of the page to reach Cancel (review 7). It
  // goes to Cancel instead.
  const toCancel = useRef(false);
  useEffect(() => {
    if (running && toCancel.current) {
      toCancel.current = false;
      cancelButton.current?.focus();
    }
  }, [running, cancelButton]);
  const ended = () => {
    refocus.current =
      document.activeElement === cancelButton.current && cancelButton.current !== null;
  };

  /** Starts a search with the bounds as the fields read now (`readBounds`), from here or step 0. */
  const run = (from: boolean, readBounds: () => Bounds) => {
    const s = appStore.getState();
    const sc = scenarioOf(s);
    const b = s.branches[s.branch];
    if (!sc || !b) return;
    const block = blockOf(readBounds());
    // The fault plan as it stands (the scenario's own and any injected): the search takes each
    // planned fault at any step once it is due, besides the faults it places itself.
    const faults = b.faults;
    const prefix = from ? pathToHere(s) : undefined;
    const t0 = performance.now();
    // run() is the Explore buttons' click (by mouse or key): the focus is on the one pressed.
    toCancel.current = document.activeElement instanceof HTMLButtonElement;
    const ranNow: Ran = {
      faults,
      block,
      from: from ? s.cursor : null,
      ...(prefix ? { prefix } : {}),
      fixes: [...s.fixes],
    };
    setRan(ranNow);
    setOutcome(null);
    setBeside(null);
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
        // The rate after the end is over the whole search, not up to its last progress report.
        setNow(t1);
        setOutcome(
          result
            ? { kind: 'done', result, seconds: (t1 - t0) / 1000 }
            : { kind: 'cancelled', progress: null, stopMs: t1 - cancelAt.current },
        );
        if (result) {
          setProgress(result);
          const searched = { ran: ranNow, result, scenario: sc };
          setBeside(besideOf(last.current, searched));
          last.current = searched;
        }
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

  /** Seconds from the start to the last report (progress or the end). */
  const seconds = Math.max(0, (now - startedAt) / 1000);
  return { progress, outcome, ran, beside, running, seconds, run, cancel };
}

export type Search = ReturnType<typeof useSearch>;
