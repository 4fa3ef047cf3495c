// "Start from": the scenario the editor's text is a draft of. Picking one brings its own draft if
// it has one, else its JSON; the user's own drafts are listed after the built-ins.
import { builtinById } from '../../../scenarios';
import { BuiltinGroup } from '../ScenarioPicker';
import { isBuiltinId, loadDraft, type UserDraft } from './draft';
import { pretty, textFor, titleFor } from './scenarioText';
import type { EditorDoc } from './useEditorDoc';

export function StartFrom(props: {
  readonly base: string;
  readonly drafts: readonly UserDraft[];
  readonly onPick: (doc: EditorDoc) => void;
}) {
  const { base, drafts, onPick } = props;
  return (
    <label className="field">
      <span className="field-label">Start from</span>
      <select
        aria-label="Start from"
        value={base}
        onChange={(e) => {
          // That scenario's own draft if it has one (Discard draft gives the built-in back).
          const id = e.target.value;
          if (isBuiltinId(id)) onPick({ id, text: loadDraft(id) ?? pretty(builtinById(id)) });
          else onPick({ id, text: textFor(id) });
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
  );
}
