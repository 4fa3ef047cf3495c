// The scenario editor (lazy-loaded): the JSON in a textarea, validated as you type with the
// engine's own loader (errors name the JSON path), a small form that edits the same JSON, "start
// from" any built-in or one of the user's drafts, Run, a draft per scenario id in localStorage (kept
// under the id the text names: see ./draft), and import/export of `.json` files. It edits the
// scenario on screen: another scenario picked while it is open brings that scenario's draft (or
// its JSON). A schedule that does not fit the run is reported after Run.
import { useMemo, useRef, useState } from 'react';
import { FIX_IDS, parseScenarioText } from '../../../engine';
import { builtinById } from '../../../scenarios';
import { BuiltinGroup } from '../ScenarioPicker';
import { FormatHelp } from './FormatHelp';
import { goTo, ranSummary, showRun, whereIn } from './feedback';
import { LinesField } from './LinesField';
import { appStore, runCustomScenario, scenarioOf, useApp } from '../../store';
import { saveBlob } from '../../share/download';
import {
  clearDraft,
  DraftSession,
  isBuiltinId,
  loadDraft,
  saveDraft,
  useUserDrafts,
} from './draft';
import {
  clustersToLines,
  faultsToLines,
  linesToClusters,
  linesToFaults,
  linesToProducers,
  linesToWorkload,
  producersToLines,
  workloadToLines,
} from './lines';

type Json = Record<string, unknown>;
const pretty = (v: unknown) => JSON.stringify(v, null, 2);

function parseObject(text: string): Json | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

/** The text the editor opens for a scenario: its draft, else its JSON (the run's, or the built-in's). */
function textFor(id: string): string {
  const s = appStore.getState();
  const json = id === s.scenarioId ? scenarioOf(s) : builtinById(id);
  return loadDraft(id) ?? pretty(json ?? {});
}

/** A scenario's title for a list: the run's or the built-in's, else its id. */
function titleFor(id: string): string {
  const s = appStore.getState();
  const json = id === s.scenarioId ? scenarioOf(s) : builtinById(id);
  return typeof json?.title === 'string' ? json.title : id;
}

export default function Editor({ onClose }: { readonly onClose: () => void }) {
  const scenarioId = useApp((s) => s.scenarioId);
  // `id`: the scenario this text is a draft of (its localStorage key, the "Start from" choice).
  const [doc, setDoc] = useState(() => ({ id: scenarioId, text: textFor(scenarioId) }));
  // The scenario on screen when the editor last looked: another one picked brings its own text.
  const [seen, setSeen] = useState(scenarioId);
  if (seen !== scenarioId) {
    setSeen(scenarioId);
    if (doc.id !== scenarioId) setDoc({ id: scenarioId, text: textFor(scenarioId) });
  }
  const { id: base, text } = doc;
  /** The text last run, to show the run's schedule error beside it (until it is edited). */
  const [ranText, setRanText] = useState<string | null>(null);
  const runNotice = useApp((s) => (s.notice?.source === 'schedule' ? s.notice : null));
  /** The scenario object Run passed: the run on screen is that one's while the store holds it. */
  const ranJson = useRef<Json | null>(null);
  const ranResult = useApp((s) =>
    s.custom !== null && s.custom === ranJson.current && s.status === 'ready' ? s.result : null,
  );
  const file = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const drafts = useUserDrafts();
  const [session] = useState(() => new DraftSession());
  /** The text changed: it is kept under the id it names now (see DraftSession). */
  const setText = (t: string) => {
    const id = session.target(t, base);
    setDoc({ id, text: t });
    session.keep(id, t, base);
  };
  const loaded = useMemo(() => parseScenarioText(text), [text]);
  const json = useMemo(() => parseObject(text), [text]);
  const edit = (key: string, value: unknown) => {
    if (!json) return;
    const next: Json = { ...json, [key]: value };
    if (Array.isArray(value) && value.length === 0 && key !== 'workload' && key !== 'producers')
      delete next[key];
    setText(pretty(next));
  };
  const fixes = Array.isArray(json?.fixes) ? (json.fixes as unknown[]) : [];

  const run = () => {
    if (!loaded.ok || !json) return;
    // The run's scenario id is the JSON's: the draft goes with it, so it stays on screen as typed.
    const id = typeof json.id === 'string' ? json.id : 'scenario';
    if (id !== base) {
      // Run is explicit: the text goes under its id even where a draft of that id existed.
      setDoc({ id, text });
      saveDraft(id, text);
      session.keep(id, text, base);
    }
    setRanText(text);
    ranJson.current = json;
    void runCustomScenario(json);
  };
  const importFile = async (f: File | undefined) => {
    if (f) setText(await f.text());
  };
  const exportFile = () => {
    const id = typeof json?.id === 'string' && /^[a-z0-9-]+$/.test(json.id) ? json.id : 'scenario';
    saveBlob(
      new Blob([text.endsWith('\n') ? text : `${text}\n`], { type: 'application/json' }),
      `${id}.json`,
    );
  };

  return (
    <section className="editor" aria-label="Scenario editor" data-testid="editor">
      <div>
        <label className="field">
          <span className="field-label">Start from</span>
          <select
            aria-label="Start from"
            value={base}
            onChange={(e) => {
              // That scenario's own draft if it has one (Discard draft gives the built-in back).
              const id = e.target.value;
              if (isBuiltinId(id)) setDoc({ id, text: loadDraft(id) ?? pretty(builtinById(id)) });
              else setDoc({ id, text: textFor(id) });
            }}
          >
            {!isBuiltinId(base) && !drafts.some((d) => d.id === base) && (
              // A scenario with no draft yet that no built-in lists (a link's, `long-<n>`).
              <option value={base}>{titleFor(base)}</option>
            )}
            <BuiltinGroup />
            {drafts.length > 0 && (
              <optgroup label="Your drafts">
                {drafts.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.title} ({d.id})
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <textarea
          ref={box}
          className="editor-json"
          aria-label="Scenario JSON"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {loaded.ok ? (
          <>
            <p className="ok" data-testid="editor-valid">
              Valid: {loaded.config.title} ({loaded.config.producers.length} producer
              {loaded.config.producers.length === 1 ? '' : 's'}, {loaded.config.workload.length}{' '}
              workload steps).
            </p>
            {ranResult && ranText === text && (
              // The run is below the editor, often out of view (at 1024 × 700 Run changed nothing
              // one could see): say what it did, and offer to go there.
              <p role="status" data-testid="editor-ran">
                {ranSummary(ranResult)}{' '}
                <button type="button" className="link" onClick={showRun}>
                  Show the run
                </button>
              </p>
            )}
            {runNotice && ranText === text && (
              <ul
                className="editor-errors plain"
                aria-label="Run errors"
                data-testid="editor-run-errors"
              >
                <li>{runNotice.text}</li>
                {runNotice.problems.map((e, i) => (
                  <li key={i}>
                    {e.path}: {e.message}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <ul className="editor-errors plain" aria-label="Errors" data-testid="editor-errors">
            {loaded.errors.map((e, i) => {
              const at = whereIn(e.message);
              return (
                <li key={i}>
                  {e.path}: {at ? at.message : e.message}
                  {at && (
                    <>
                      {' ('}
                      <button
                        type="button"
                        className="link"
                        onClick={() => box.current && goTo(box.current, at.line, at.column)}
                      >
                        line {at.line}, column {at.column}
                      </button>
                      {')'}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <FormatHelp onExample={setText} />
      </div>
      <form className="editor-form" aria-label="Common parts" onSubmit={(e) => e.preventDefault()}>
        {!json && (
          <p className="muted">
            The form edits the JSON once it parses as an object; fix the syntax error first (your
            text is kept as is).
          </p>
        )}
        <fieldset disabled={!json}>
          <label>
            Title
            <input
              type="text"
              aria-label="Title"
              value={typeof json?.title === 'string' ? json.title : ''}
              onChange={(e) => edit('title', e.target.value)}
            />
          </label>
          <LinesField
            key={`c${base}`}
            label="Clusters"
            hint="name brokers=b1,b2 bookies=k1"
            value={clustersToLines(json?.clusters)}
            parse={linesToClusters}
            onChange={(v) => edit('clusters', v)}
          />
          <LinesField
            key={`p${base}`}
            label="Producers"
            hint="name cluster=… client=java|go batching=n batchBytes=n"
            value={producersToLines(json?.producers)}
            parse={linesToProducers}
            onChange={(v) => edit('producers', v)}
          />
          <LinesField
            key={`w${base}`}
            label="Workload"
            hint="send M1 p1 [seq=n] [size=n], flush p1, await p1"
            value={workloadToLines(json?.workload)}
            parse={linesToWorkload}
            onChange={(v) => edit('workload', v)}
          />
          <LinesField
            key={`f${base}`}
            label="Faults"
            hint={`one JSON object per line: {"kind":"lose-receipt","message":"M1"}`}
            value={faultsToLines(json?.faults)}
            parse={linesToFaults}
            onChange={(v) => edit('faults', v)}
          />
          <fieldset>
            <legend>Fixes</legend>
            {FIX_IDS.map((f) => (
              <label key={f}>
                <input
                  type="checkbox"
                  checked={fixes.includes(f)}
                  onChange={(e) =>
                    edit('fixes', e.target.checked ? [...fixes, f] : fixes.filter((x) => x !== f))
                  }
                />{' '}
                {f}
              </label>
            ))}
          </fieldset>
        </fieldset>
      </form>
      <div className="editor-actions">
        <button type="button" onClick={run} disabled={!loaded.ok}>
          Run
        </button>
        <button type="button" onClick={() => file.current?.click()}>
          Import .json
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Import file"
          onChange={(e) => void importFile(e.target.files?.[0])}
        />
        <button type="button" onClick={exportFile}>
          Export .json
        </button>
        {isBuiltinId(base) ? (
          <button
            type="button"
            onClick={() => {
              clearDraft(base);
              setDoc({ id: base, text: textFor(base) });
            }}
          >
            Discard draft
          </button>
        ) : (
          <button
            type="button"
            disabled={!drafts.some((d) => d.id === base)}
            onClick={() => {
              // The user's own scenario: its draft is gone; the editor goes back to the scenario
              // on screen (this one's JSON as it ran, if it is the one on screen).
              clearDraft(base);
              const next = base === scenarioId ? base : appStore.getState().scenarioId;
              setDoc({ id: next, text: textFor(next) });
            }}
          >
            Delete draft
          </button>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
        <span className="muted">
          Drafts are kept in this browser, one per scenario id (a new id is a new draft, listed
          under Your drafts); the CLI runs exported files (npm run cli -- run file.json).
        </span>
      </div>
    </section>
  );
}
