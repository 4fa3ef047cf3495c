import { useApp } from '../../store';

/**
 * The one part of the panel that follows the cursor: a step re-renders this button, not the
 * bounds form (whose inputs React would touch on every render). At step 0 it would be Explore
 * itself, so it is not shown there.
 */
export function ExploreFromHere({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const cursor = useApp((s) => s.cursor);
  if (cursor === 0) return null;
  return (
    <button type="button" disabled={disabled} onClick={onClick}>
      Explore from here (step {cursor})
    </button>
  );
}
