// The scenario editor (lazy-loaded): the JSON in a textarea, validated as you type with the
// engine's own loader (errors name the JSON path), a small form that edits the same JSON, "start
// from" any built-in or one of the user's drafts, Run, a draft per scenario id in localStorage (kept
// under the id the text names: see ./draft), and import/export of `.json` files. It edits the
// scenario on screen: another scenario picked while it is open brings that scenario's draft (or
// its JSON). A schedule that does not fit the run is reported after Run.
import { useCallback, useMemo, useRef, useState } from 'react';
import { parseScenarioText } from '../../../engine';
import { useApp } from '../../store';
import { CommonParts } from './CommonParts';
import { useUserDrafts } from './draft';
import { EditorActions } from './EditorActions';
import { FormatHelp } from './FormatHelp';
import { parseObject, parseParts, pretty, withPart } from './scenarioText';
import { StartFrom } from './StartFrom';
import { useEditorDoc } from './useEditorDoc';
import { useEditorRun } from './useEditorRun';
import { Validity } from './Validity';

export default function Editor({ onClose }: { readonly onClose: () => void }) {
  const scenarioId = useApp((s) => s.scenarioId);
  const { base, text, setDoc, setText, session } = useEditorDoc(scenarioId);
  const drafts = useUserDrafts();
  const box = useRef<HTMLTextAreaElement>(null);
  const loaded = useMemo(() => parseScenarioText(text), [text]);
  const json = useMemo(() => parseObject(text), [text]);
  // While the text does not parse, the form still shows the parts that do (read-only).
  const parts = useMemo(() => json ?? parseParts(text), [json, text]);
  const { run, ranResult, runNotice } = useEditorRun({
    base,
    text,
    json,
    valid: loaded.ok,
    setDoc,
    session,
  });
  const edit = (key: string, value: unknown) => {
    if (json) setText(pretty(withPart(json, key, value)));
  };
  // The form's line fields whose text does not parse, so is not in the JSON: Run would run the
  // JSON's last version of them (review 13: "send M1 p1 sise=…" beside a green "Valid", and Run
  // ran the workload from before the edit). Run waits until they parse or are put back.
  const [unapplied, setUnapplied] = useState<Readonly<Record<string, string>>>({});
  const onUnapplied = useCallback(
    (label: string, error: string | null) =>
      setUnapplied((u) => {
        if ((u[label] ?? null) === error) return u;
        const { [label]: _gone, ...rest } = u;
        return error === null ? rest : { ...rest, [label]: error };
      }),
    [],
  );
  const notInJson = Object.entries(unapplied).map(([label, error]) => ({ label, error }));

  return (
    <section className="editor" aria-label="Scenario editor" data-testid="editor">
      <div>
        <StartFrom base={base} drafts={drafts} onPick={setDoc} />
        <textarea
          ref={box}
          className="editor-json"
          aria-label="Scenario JSON"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Validity
          loaded={loaded}
          unapplied={notInJson}
          ranResult={ranResult}
          runNotice={runNotice}
          box={box}
        />
        <FormatHelp onExample={setText} />
      </div>
      <CommonParts json={json} parts={parts} base={base} edit={edit} onUnapplied={onUnapplied} />
      <EditorActions
        base={base}
        text={text}
        json={json}
        valid={loaded.ok && notInJson.length === 0}
        scenarioId={scenarioId}
        drafts={drafts}
        run={run}
        setText={setText}
        setDoc={setDoc}
        onClose={onClose}
      />
    </section>
  );
}
