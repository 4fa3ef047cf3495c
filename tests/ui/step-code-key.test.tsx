// The Pulsar code panel opens with the step's action (its key) in full (UX review 6: at 1024 px the
// step bar's key chip shrinks to "deliver…" and has the whole key only in its title, out of reach
// of keyboard and touch users). The key breaks after its colons and before "->" in the side column.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('Pulsar code panel: the step’s key in full', () => {
  it('seed 000 at its violation: the whole key, breakable only after ":" and before "->"; step 0 has none', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const result = appStore.getState().result!;
    const at = result.violations[0]!.step;
    const key = result.steps[at]!.key!;
    expect(key).toMatch(/^deliver:.+->.+:/);
    render(<Panels />);
    act(() => setCursor(at));
    const line = () => within(screen.getByTestId('panel-code')).getByTestId('step-code-key');
    await waitFor(() => expect(line()).toHaveTextContent(`Step ${at}: ${key}`));
    const code = line().querySelector('code')!;
    expect(code.textContent).toBe(key);
    const pieces = code.innerHTML.split('<wbr>');
    expect(pieces.length).toBeGreaterThan(2);
    for (const p of pieces.slice(0, -1)) expect(p).toMatch(/(:|[^-])$/);
    for (const p of pieces.slice(1)) expect(p.startsWith('-&gt;') || !p.startsWith('-')).toBe(true);
    expect(pieces.map((p) => p.replaceAll('&gt;', '>')).join('')).toBe(key);

    act(() => setCursor(0));
    await waitFor(() =>
      expect(screen.getByTestId('panel-code')).toHaveTextContent('Step 0 is the initial state'),
    );
    expect(screen.queryByTestId('step-code-key')).toBeNull();
  });
});
