// UX review 11 (docs/research/ux-review-11.md), in jsdom with the whole app:
// - the step bar's ⚠ link to a violation, and the Invariants panel's "Go to step N", go away once
//   the cursor is at the violation; the focus fell to <body>. The Invariants panel takes it.
// - the side column's table of contents (SideNav): each button moves the focus to its panel, and
//   the Invariants button says when the run breaks an invariant.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinById } from '../../src/scenarios';
import { App } from '../../src/ui/App';
import { appStore, runCustomScenario, selectScenario } from '../../src/ui/store';
import { copiedBy } from './shareBarCopy';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

afterEach(() => vi.restoreAllMocks());

const invariants = () => screen.getByTestId('panel-invariants');

describe('a violation link pressed from the keyboard leaves the focus on what broke', () => {
  it('seed 001: the step bar’s “⚠ ledger-entries-match at step 17” → step 17, focus on the Invariants panel', async () => {
    await selectScenario('seed-001-fencing-race');
    const user = userEvent.setup();
    render(<App />);
    const jump = screen.getByRole('button', {
      name: 'Go to step 17, where ledger-entries-match is violated',
    });
    jump.focus();
    await user.keyboard('{Enter}');
    expect(appStore.getState().cursor).toBe(17);
    expect(jump).not.toBeInTheDocument();
    expect(document.activeElement).toBe(invariants());
    expect(invariants()).toHaveTextContent('ledger-entries-match at step 17');
    expect(within(invariants()).getByTestId('violation-here')).toHaveTextContent('This step.');
    // ← still steps from there (the panel is no text field).
    await user.keyboard('{ArrowLeft}');
    expect(appStore.getState().cursor).toBe(16);
  });

  it('the Invariants panel’s “Go to step 17” → focus stays in the panel, which now says “This step.”', async () => {
    await selectScenario('seed-001-fencing-race');
    const user = userEvent.setup();
    render(<App />);
    const go = within(invariants()).getByRole('button', { name: 'Go to step 17' });
    go.focus();
    await user.keyboard('{Enter}');
    expect(appStore.getState().cursor).toBe(17);
    expect(document.activeElement).toBe(invariants());
    expect(within(invariants()).getByTestId('violation-here')).toBeInTheDocument();
  });
});

describe('the side column’s table of contents', () => {
  it('lists Invariants first, marked ⚠ when the run breaks one, and moves the focus to each panel', async () => {
    await selectScenario('seed-001-fencing-race');
    const user = userEvent.setup();
    render(<App />);
    await screen.findByTestId('panel-explorer', {}, { timeout: 20_000 }); // a lazy chunk
    const nav = within(screen.getByRole('navigation', { name: 'Side panels' }));
    const buttons = nav.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '⚠ Invariants',
      'Messages',
      'Pulsar code',
      'Explorer',
      'Topology',
    ]);
    expect(buttons[0]).toHaveAccessibleName(
      'Invariants panel (an invariant is violated in this run)',
    );
    for (const [name, id] of [
      ['Invariants panel (an invariant is violated in this run)', 'panel-invariants'],
      ['Messages panel', 'panel-outcomes'],
      ['Pulsar code panel', 'panel-code'],
      ['Explorer panel', 'panel-explorer'],
      ['Topology panel', 'panel-topology'],
    ] as const) {
      await user.click(nav.getByRole('button', { name }));
      expect(document.activeElement, name).toBe(screen.getByTestId(id));
    }
  });

  it('a run with no violation: “Invariants”, no ⚠', async () => {
    await selectScenario('lost-receipt-dedup-on');
    render(<App />);
    const nav = within(screen.getByRole('navigation', { name: 'Side panels' }));
    expect(nav.getByRole('button', { name: 'Invariants panel' })).toHaveTextContent(/^Invariants$/);
  });
});

describe('Copy for GitHub on a scenario from the editor', () => {
  /** What Copy for GitHub puts on the clipboard for the run in the store. */
  const copied = () => copiedBy('Copy for GitHub');

  it('an edited copy of lost-receipt-dedup-on (a third send, a new title) says so under its heading', async () => {
    const builtin = builtinById('lost-receipt-dedup-on')!;
    await act(() =>
      runCustomScenario({
        ...builtin,
        title: 'My M3 story',
        workload: [...(builtin.workload as unknown[]), { send: 'M3', producer: 'p1' }],
      }),
    );
    const lines = (await copied()).split('\n');
    expect(lines[0]).toMatch(
      /^### Dedup Lab: My M3 story \(`lost-receipt-dedup-on`, edited\): no invariant violated/,
    );
    expect(lines[2]).toBe(
      "_An edited copy of the built-in `lost-receipt-dedup-on`, changed in Dedup Lab's editor: the link carries this version; the built-in of that name differs._",
    );
  });

  it('a scenario with an id of its own: written in the editor, no "edited"', async () => {
    await act(() =>
      runCustomScenario({ ...builtinById('lost-receipt-dedup-on')!, id: 'my-own', title: 'Mine' }),
    );
    const lines = (await copied()).split('\n');
    expect(lines[0]).toMatch(/^### Dedup Lab: Mine \(`my-own`\): /);
    expect(lines[2]).toBe("_A scenario written in Dedup Lab's editor: the link carries it._");
  });

  it('the built-in as shipped: no line about the editor', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const lines = (await copied()).split('\n');
    expect(lines[0]).toMatch(/\(`lost-receipt-dedup-on`\): /);
    expect(lines[2]).toBe('```mermaid');
  });
});
