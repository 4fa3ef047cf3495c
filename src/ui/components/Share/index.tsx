// Share and export: copy the link (the address already is it), the embed link (`#embed=`: the
// diagram and a step slider only — the README named it, but nothing on the page made one: UX
// review 14), a markdown comment for GitHub, the Mermaid source; download the diagram as SVG or
// PNG (2×), always in the light theme; open the scenario editor (lazy). What each button makes is
// in exports.ts; this file is the bar and the message that says what happened.
import { lazy, Suspense, useState } from 'react';
import { appStore, useApp } from '../../store';
import { copyText } from '../../share/download';
import { linkFor } from '../../share/sync';
import { downloadDiagram, githubText, mermaidText } from './exports';
import '../../share/share.css';

// The notice a link's opening leaves (its own file), where the app imports the share parts from.
export { LinkNotice } from './LinkNotice';

const Editor = lazy(() => import('../Editor'));

type Message = { readonly text: string; readonly manual?: string } | null;

export function ShareBar() {
  const ready = useApp((s) => s.result !== null);
  // The exports are light whatever the page's theme: on the dark page the buttons say so.
  const dark = useApp((s) => s.theme === 'dark');
  const [message, setMessage] = useState<Message>(null);
  const [editing, setEditing] = useState(false);
  // What was copied is of the scenario it was copied from: picking another one left "Copied
  // markdown for GitHub (9,272 characters)." under the bar of the new one (UX review 16).
  const scenario = useApp((s) => s.scenarioId);
  const [copiedFrom, setCopiedFrom] = useState(scenario);
  if (copiedFrom !== scenario) {
    setCopiedFrom(scenario);
    setMessage(null);
  }

  const copy = async (what: string, make: () => Promise<string | null> | string | null) => {
    const text = await make();
    if (text === null) return;
    const done = await copyText(text);
    setMessage(
      done
        ? { text: `Copied ${what} (${text.length.toLocaleString('en')} characters).` }
        : {
            text: `The browser did not allow copying: select the ${what} below and copy it.`,
            manual: text,
          },
    );
  };
  const download = async (kind: 'svg' | 'png') => setMessage({ text: await downloadDiagram(kind) });

  return (
    <section className="share-bar" aria-label="Share and export">
      <button
        type="button"
        disabled={!ready}
        onClick={() => void copy('link', () => linkFor(appStore.getState()))}
      >
        Copy link
      </button>
      <button
        type="button"
        disabled={!ready}
        title="The same run as the diagram and a step slider only, for a page or a slide (an iframe)"
        onClick={() => void copy('embed link', () => linkFor(appStore.getState(), 'embed'))}
      >
        Copy embed link
      </button>
      <button
        type="button"
        disabled={!ready}
        onClick={() => void copy('markdown for GitHub', githubText)}
      >
        Copy for GitHub
      </button>
      <button
        type="button"
        disabled={!ready}
        onClick={() => void copy('Mermaid source', mermaidText)}
      >
        Copy Mermaid
      </button>
      <button
        type="button"
        disabled={!ready}
        title="The diagram as an SVG file, in the light theme (for issues, docs and slides)"
        onClick={() => void download('svg')}
      >
        SVG{dark ? ' (light)' : ''}
      </button>
      <button
        type="button"
        disabled={!ready}
        title="The diagram as a PNG at twice its size, in the light theme (for issues, docs and slides)"
        onClick={() => void download('png')}
      >
        PNG 2×{dark ? ' (light)' : ''}
      </button>
      <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
        {editing ? 'Close editor' : 'Edit scenario'}
      </button>
      {message && (
        <p className="share-message" role="status" data-testid="share-message">
          {message.text}
          {message.manual !== undefined && (
            <textarea
              readOnly
              aria-label="Text to copy"
              value={message.manual}
              rows={6}
              onFocus={(e) => e.currentTarget.select()}
            />
          )}
        </p>
      )}
      {editing && (
        <Suspense fallback={<p className="muted">Loading the editor…</p>}>
          <Editor onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </section>
  );
}
