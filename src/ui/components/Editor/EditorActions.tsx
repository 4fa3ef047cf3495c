// The editor's buttons: Run, import and export of `.json` files, and giving a draft up — a
// built-in's draft is discarded (the built-in comes back), the user's own scenario's is deleted.
import { useRef } from 'react';
import { appStore } from '../../store';
import { saveBlob } from '../../share/download';
import { clearDraft, isBuiltinId, type UserDraft } from './draft';
import { textFor, type Json } from './scenarioText';
import type { EditorDoc } from './useEditorDoc';

export function EditorActions(props: {
  readonly base: string;
  readonly text: string;
  readonly json: Json | null;
  readonly valid: boolean;
  /** The scenario on screen. */
  readonly scenarioId: string;
  readonly drafts: readonly UserDraft[];
  readonly run: () => void;
  readonly setText: (text: string) => void;
  readonly setDoc: (doc: EditorDoc) => void;
  readonly onClose: () => void;
}) {
  const { base, text, json, valid, scenarioId, drafts, run, setText, setDoc, onClose } = props;
  const file = useRef<HTMLInputElement>(null);
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
    <div className="editor-actions">
      <button type="button" onClick={run} disabled={!valid}>
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
        Drafts are kept in this browser, one per scenario id (a new id is a new draft, listed under
        Your drafts); the CLI runs exported files (npm run cli -- run file.json).
      </span>
    </div>
  );
}
