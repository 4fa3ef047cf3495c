// The replication panel with `replication.cursorWrites: "in-flight"` (session 25's opt-in;
// docs/research/replicator-cursor-writes.md): the replicator's send callback deletes E1 on its
// cursor in memory (ManagedCursorImpl.asyncDelete, step 14), and only the next step writes it to
// the cursor ledger (persistPositionToLedger, step 15). Between the two the panel says the delete is
// in memory only — what a crash of us-east's broker would lose — and offers the write as Next
// actions does; after the write it says the ledger holds it, and Copy for GitHub's state summary
// repeats its words (session 27). Without the option nothing is added. The world is the shared
// tests/fixtures/replicatorCursor.mjs, which the Chromium twin reads too.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplicationPanel } from '../../src/engine';
import { Panels } from '../../src/ui/components/Panels';
import { cursorWriteKeys } from '../../src/ui/components/Panels/ReplicatorCursorLedger';
import { appStore, runCustomScenario, setCursor } from '../../src/ui/store';
import { E1_DELETE_STEP, replicatorCursorWorld } from '../fixtures/replicatorCursor.mjs';
import { copiedBy } from './shareBarCopy';
import { startOnDirectRunner } from './startApp';

/** p1 sends E1 and E2 at us-east; the replicator copies them to us-west once the workload is done. */
const scenario = (cursorWrites?: string) => replicatorCursorWorld({ cursorWrites });

const DELETE = E1_DELETE_STEP;
const state = () => appStore.getState();
const panel = () => screen.getByTestId('panel-replicator');
const entry = (position: string) =>
  panel().querySelector(`li[data-position="${position}"]`)!.getAttribute('aria-label');

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});
afterEach(() => vi.restoreAllMocks());

describe('replication panel: the cursor ledger beside the cursor in memory', () => {
  it('the run: E1’s delete at step 14, its write at step 15', async () => {
    await act(() => runCustomScenario(scenario('in-flight')));
    const keys = state().result!.steps.map((s) => s.key);
    expect(keys[DELETE]).toBe('deliver:broker-2->replicator:E1');
    expect(keys[DELETE + 1]).toBe('persist-replicator-cursor:10:0');
  });

  it('after the delete, before its write: E1 is deleted in memory only, and the write can happen next', async () => {
    await act(() => runCustomScenario(scenario('in-flight')));
    act(() => setCursor(DELETE));
    render(<Panels />);
    expect(within(panel()).getByTestId('replicator-cursor')).toHaveTextContent(
      'markDeletePosition (in memory)10:0',
    );
    expect(screen.getByTestId('replicator-cursor-persisted')).toHaveTextContent(
      'mark-delete 10:-1, individually deleted none',
    );
    expect(screen.getByTestId('replicator-cursor-write')).toHaveTextContent(
      'In memory only: deleted 10:0 (E1) — ManagedCursorImpl.asyncDelete moved the cursor, but persistPositionToLedger has not written it to the cursor ledger yet. A crash of us-east’s broker now loses the delete (recoverFromLedger), and the new replicator reads E1 again.',
    );
    expect(entry('10:0')).toBe(
      '10:0 E1: mark-deleted, deleted in memory only, not in the cursor ledger yet',
    );
    expect(entry('10:1')).toBe('10:1 E2: in flight');
    expect(screen.getByTestId('replicator-cursor-writes')).toHaveTextContent(
      'can happen next Write mark-delete 10:0 and the deleted entries to the cursor ledger, taken next',
    );
  });

  it('the write taken from the panel steps forward: the ledger holds mark-delete 10:0, persisted', async () => {
    await act(() => runCustomScenario(scenario('in-flight')));
    act(() => setCursor(DELETE));
    render(<Panels />);
    await userEvent
      .setup()
      .click(
        screen.getByRole('button', { name: /^Write mark-delete 10:0 and the deleted entries/ }),
      );
    expect(state().cursor).toBe(DELETE + 1);
    expect(state().branches).toHaveLength(1);
    expect(screen.getByTestId('replicator-cursor-persisted')).toHaveTextContent(
      'mark-delete 10:0, individually deleted none',
    );
    expect(screen.getByTestId('replicator-cursor-write')).toHaveTextContent(
      'Persisted: the cursor ledger holds every delete made in memory (ManagedCursorImpl.persistPositionToLedger).',
    );
    expect(entry('10:0')).toBe('10:0 E1: mark-deleted');
    expect(screen.queryByTestId('replicator-cursor-writes')).toBeNull();
  });

  it('Copy for GitHub at the delete says what the panel says: the ledger’s line under the replicator’s, in its words', async () => {
    await act(() => runCustomScenario(scenario('in-flight')));
    act(() => setCursor(DELETE));
    render(<Panels />);
    const holds = screen.getByTestId('replicator-cursor-persisted').textContent;
    const write = screen.getByTestId('replicator-cursor-write').textContent;
    const md = (await copiedBy('Copy for GitHub')).split('\n');
    const at = md.findIndex((l) => l.startsWith('replicator us-east→us-west (v2): '));
    expect(md[at]).toContain('markDeletePosition 10:0 (in memory)');
    expect(md[at + 1]).toBe(`  cursor ledger: ${holds}. ${write}`);
    expect(md[at + 1]).toBe(
      '  cursor ledger: mark-delete 10:-1, individually deleted none. In memory only: deleted 10:0 (E1) — ManagedCursorImpl.asyncDelete moved the cursor, but persistPositionToLedger has not written it to the cursor ledger yet. A crash of us-east’s broker now loses the delete (recoverFromLedger), and the new replicator reads E1 again.',
    );
  });

  it('without the option: no cursor ledger, no “in memory”, the legend as before', async () => {
    await act(() => runCustomScenario(scenario()));
    act(() => setCursor(DELETE));
    render(<Panels />);
    expect(screen.queryByTestId('replicator-cursor-ledger')).toBeNull();
    expect(panel()).not.toHaveTextContent('in memory');
    expect(panel()).not.toHaveTextContent('mem deleted');
    expect(entry('10:0')).toBe('10:0 E1: mark-deleted');
  });
});

describe('which writes are this replicator’s', () => {
  const view = (key?: string) =>
    ({ from: 'us-east', to: 'us-west', ...(key ? { key } : {}) }) as ReplicationPanel;
  const enabled = [
    'persist-replicator-cursor:10:3',
    'persist-replicator-cursor:us-east->us-west:10:4',
    'persist-replicator-cursor:us-west->us-east:20:1',
    'persist-cursor:sub:10:3',
  ];
  it('the only link takes the key without a link; of several, each its own', () => {
    expect(cursorWriteKeys(enabled, view())).toEqual(['persist-replicator-cursor:10:3']);
    expect(cursorWriteKeys(enabled, view('replicator:us-east->us-west'))).toEqual([
      'persist-replicator-cursor:us-east->us-west:10:4',
    ]);
  });
});
