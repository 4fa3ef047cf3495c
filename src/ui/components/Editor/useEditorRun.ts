// Run from the editor: the text's scenario becomes the run on screen, under the id its JSON names
// (the draft goes with it, so the text stays on screen as typed). What the run did, or the
// schedule error it met, is shown beside the text that ran, until that text is edited.
import { useRef, useState } from 'react';
import { runCustomScenario, useApp } from '../../store';
import { saveDraft, type DraftSession } from './draft';
import type { Json } from './scenarioText';
import type { EditorDoc } from './useEditorDoc';

export function useEditorRun(props: {
  readonly base: string;
  readonly text: string;
  /** The text's JSON object, and whether the engine's loader accepts it. */
  readonly json: Json | null;
  readonly valid: boolean;
  readonly setDoc: (doc: EditorDoc) => void;
  readonly session: DraftSession;
}) {
  const { base, text, json, valid, setDoc, session } = props;
  /** The text last run, to show the run's schedule error beside it (until it is edited). */
  const [ranText, setRanText] = useState<string | null>(null);
  const runNotice = useApp((s) => (s.notice?.source === 'schedule' ? s.notice : null));
  /** The scenario object Run passed: the run on screen is that one's while the store holds it. */
  const ranJson = useRef<Json | null>(null);
  const ranResult = useApp((s) =>
    s.custom !== null && s.custom === ranJson.current && s.status === 'ready' ? s.result : null,
  );

  const run = () => {
    if (!valid || !json) return;
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
  const shown = ranText === text;
  return { run, ranResult: shown ? ranResult : null, runNotice: shown ? runNotice : null };
}
