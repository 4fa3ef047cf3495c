// The scenario editor (lazy-loaded): the JSON in a textarea, validated as you type with the
// engine's own loader (errors name the JSON path), a small form that edits the same JSON, "start
// from" any built-in or one of the user's drafts, Run, a draft per scenario id in localStorage (kept
// under the id the text names: see ./draft), and import/export of `.json` files. It edits the
// scenario on screen: another scenario picked while it is open brings that scenario's draft (or
// its JSON). A schedule that does not fit the run is reported after Run.
import { useMemo, useRef } from 'react';
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
        <Validity loaded={loaded} ranResult={ranResult} runNotice={runNotice} box={box} />
        <FormatHelp onExample={setText} />
      </div>
      <CommonParts json={json} parts={parts} base={base} edit={edit} />
      <EditorActions
        base={base}
        text={text}
        json={json}
        valid={loaded.ok}
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
