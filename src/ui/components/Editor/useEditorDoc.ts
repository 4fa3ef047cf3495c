// The editor's document: the text and the scenario id it is a draft of. Another scenario picked
// while the editor is open brings that scenario's own text; every edit is kept as a draft under
// the id the text names (./draft's DraftSession).
import { useState } from 'react';
import { DraftSession } from './draft';
import { textFor } from './scenarioText';

/** The text, and `id`: the scenario it is a draft of (its localStorage key, the "Start from" choice). */
export interface EditorDoc {
  readonly id: string;
  readonly text: string;
}

export function useEditorDoc(scenarioId: string) {
  const [doc, setDoc] = useState<EditorDoc>(() => ({ id: scenarioId, text: textFor(scenarioId) }));
  // The scenario on screen when the editor last looked: another one picked brings its own text.
  const [seen, setSeen] = useState(scenarioId);
  if (seen !== scenarioId) {
    setSeen(scenarioId);
    if (doc.id !== scenarioId) setDoc({ id: scenarioId, text: textFor(scenarioId) });
  }
  const [session] = useState(() => new DraftSession());
  /** The text changed: it is kept under the id it names now (see DraftSession). */
  const setText = (t: string) => {
    const id = session.target(t, doc.id);
    setDoc({ id, text: t });
    session.keep(id, t, doc.id);
  };
  return { base: doc.id, text: doc.text, setDoc, setText, session };
}
