// The fix toggles show what the run was made with: a fix the scenario's own JSON lists is applied
// whatever the toggles say, so its box is checked and locked, and says why.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FixToggles } from '../../src/ui/components/FixToggles';
import { builtinById } from '../../src/scenarios';
import { appStore, runCustomScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('fix toggles', () => {
  it("a fix in the scenario's own fixes is checked, locked and labelled; the others stay free", async () => {
    await runCustomScenario({
      ...builtinById('seed-003-a-go')!,
      id: 'a-go-fixed',
      fixes: ['go-1565'],
    });
    render(<FixToggles />);
    const own = screen.getByRole('checkbox', { name: 'go-1565' });
    expect(own).toBeChecked();
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(/listed in the scenario’s own "fixes"/);
    const other = screen.getByRole('checkbox', { name: 'go-isolate-resends' });
    expect(other).not.toBeChecked();
    expect(other).toBeEnabled();
    // The run really had it: M2 is stored.
    expect(appStore.getState().result!.stored.local).toEqual(['M0', 'M1', 'M2']);
  });
});
