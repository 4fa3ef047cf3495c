// One field of the editor's small form: a part of the scenario (clusters, producers, workload,
// faults) in the line syntax of ./lines. Its text stays local while it does not parse, so a
// half-typed line is never lost; once it parses it edits the JSON. While it does not, it tells
// the editor (`onUnapplied`): the JSON, and Run, still hold the part's last text that parsed.
import { useEffect, useState } from 'react';
import type { Parsed } from './lines';

/** One line-syntax field of the form; its text is local until it parses, then it edits the JSON. */
export function LinesField(props: {
  label: string;
  hint: string;
  value: string;
  parse: (t: string) => Parsed<unknown>;
  onChange: (v: unknown) => void;
  /** Its error by its label while its text is not in the JSON; null once it is, or it goes away. */
  onUnapplied: (label: string, error: string | null) => void;
}) {
  const [draft, setDraft] = useState<{ text: string; error: string | null } | null>(null);
  const text = draft?.text ?? props.value;
  const error = draft?.error ?? null;
  const { label, onUnapplied } = props;
  useEffect(() => {
    onUnapplied(label, error);
    return () => onUnapplied(label, null);
  }, [label, error, onUnapplied]);
  return (
    <label>
      {props.label} <span className="muted">({props.hint})</span>
      <textarea
        aria-label={props.label}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        value={text}
        onChange={(e) => {
          const p = props.parse(e.target.value);
          setDraft({ text: e.target.value, error: p.ok ? null : p.error });
          if (p.ok) props.onChange(p.value);
        }}
        onBlur={() => draft?.error === null && setDraft(null)}
      />
      {draft?.error && <span className="editor-errors">{draft.error}</span>}
    </label>
  );
}
