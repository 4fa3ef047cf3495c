// On a small window the three rows of fix toggles fold into one line that names the fixes on
// (the user's and the scenario's own) and opens the toggles on demand.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_QUERY, FixToggles } from '../../src/ui/components/FixToggles';
import { appStore, runCustomScenario } from '../../src/ui/store';
import { builtinById } from '../../src/scenarios';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: q === COMPACT_QUERY,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('fix toggles on a small window', () => {
  it('one line naming the fixes on; the toggles open on demand and a fix switched on is named', async () => {
    const user = userEvent.setup();
    render(<FixToggles />);
    expect(screen.getByTestId('fixes-on')).toHaveTextContent('none on');
    expect(screen.queryByRole('checkbox', { name: 'go-1565' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Choose fixes/ }));
    await user.click(screen.getByRole('checkbox', { name: 'go-1565' }));
    expect(appStore.getState().fixes).toEqual(['go-1565']);
    await user.click(screen.getByRole('button', { name: /^Hide the fixes/ }));
    expect(screen.queryByRole('checkbox', { name: 'go-1565' })).toBeNull();
    expect(screen.getByTestId('fixes-on')).toHaveTextContent('go-1565');
  });

  it('opened, the grid’s legend is for screen readers only: “Fixes” is shown once, by the folded line', async () => {
    const user = userEvent.setup();
    render(<FixToggles />);
    await user.click(screen.getByRole('button', { name: /^Choose fixes/ }));
    // The grid keeps a name for a screen reader, the button's, not the line's; the eye reads the
    // folded line's label alone.
    expect(screen.getByRole('group', { name: 'Fixes' })).toHaveAttribute(
      'data-testid',
      'fixes-compact',
    );
    const grid = screen.getByRole('group', { name: 'Choose fixes' });
    expect(grid.tagName).toBe('FIELDSET');
    expect(within(grid).getByRole('checkbox', { name: 'go-1565' })).toBeInTheDocument();
    const shown = [...document.querySelectorAll('legend, .field-label')].filter(
      (e) => /Fixes/i.test(e.textContent ?? '') && !e.classList.contains('visually-hidden'),
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveClass('field-label');
  });

  it("the scenario's own fixes count as on", async () => {
    await act(() => runCustomScenario({ ...builtinById('seed-003-a-go')!, fixes: ['go-1565'] }));
    render(<FixToggles />);
    expect(screen.getByTestId('fixes-on')).toHaveTextContent(/^go-1565$/);
  });
});
