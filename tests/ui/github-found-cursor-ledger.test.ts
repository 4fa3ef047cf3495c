// Copy for GitHub says what the page said beside the run (session 26's review): how the explorer
// found it, on a line of its own under the heading in the link notice's words (share/foundBy.ts
// foundSentence), and, with `replication.cursorWrites: "in-flight"`, what the replicator's cursor
// ledger holds — the replication panel's words (cursorLedgerWords.ts). Without the ledger's line the
// copied cursor read "markDeletePosition 10:0" alone, and an issue's reader took a delete a crash
// of us-east's broker undoes (ManagedCursorImpl.recoverFromLedger) for a written one.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult } from '../../src/engine';
import { buildGithubComment, type GithubInput } from '../../src/ui/share/github';
import type { FoundBy } from '../../src/ui/store';
import { E1_DELETE_STEP, replicatorCursorWorld } from '../fixtures/replicatorCursor.mjs';
import { runBuiltin } from '../render/runBuiltin';

const LINK = 'https://example.org/dedup-lab/#s=1.abc';
const input = (result: RunResult, step: number, more: Partial<GithubInput> = {}): GithubInput => ({
  title: 't',
  scenarioId: 's',
  result,
  step,
  link: LINK,
  fixes: [],
  ...more,
});
const lines = (i: GithubInput): string[] => buildGithubComment(i).text.split('\n');

function runWorld(cursorWrites?: string): RunResult {
  const l = loadScenario(replicatorCursorWorld({ cursorWrites }), []);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
}

/** The state summary's replicator line and the one after it, at `step`. */
function replicatorLines(result: RunResult, step: number): string[] {
  const all = lines(input(result, step));
  const at = all.findIndex((l) => l.startsWith('replicator us-east→us-west'));
  return all.slice(at, at + 2);
}

describe('Copy for GitHub: how the explorer found the run', () => {
  const seed000 = runBuiltin('seed-000-checksum-corrupted');
  const found: FoundBy = {
    invariant: 'no-silent-loss',
    states: 1234,
    complete: false,
    stopReason: 'max-states',
    toggles: ['guard-rewind'],
    fixes: ['guard-rewind'],
    beside: { open: false, fixes: [] },
  };

  it('one line under the heading, in the link notice’s words, before the diagram', () => {
    const md = lines(input(seed000, 0, { fixes: ['guard-rewind'], found }));
    expect(md[0]).toMatch(/^### Dedup Lab: t \(`s` with guard-rewind\): no-silent-loss violated/);
    expect(md.slice(1, 4)).toEqual([
      '',
      'Found by the explorer: the shortest trace to no-silent-loss among 1,234 states, cut short by the state bound, with guard-rewind on; new beside the search with no fixes, which did not find it.',
      '',
    ]);
    expect(md[4]).toBe('```mermaid');
  });

  it('a Compare fixes row says so; a run not found by the explorer has no such line', () => {
    const compare = lines(
      input(seed000, 0, { found: { ...found, compare: true, beside: undefined } }),
    );
    expect(compare[2]).toBe(
      "Found by the explorer's Compare fixes: the shortest trace to no-silent-loss among 1,234 states, cut short by the state bound, with guard-rewind on.",
    );
    const plain = lines(input(seed000, 0));
    expect(plain.slice(1, 3)).toEqual(['', '```mermaid']);
    expect(plain.some((l) => l.startsWith('Found by'))).toBe(false);
  });
});

describe('Copy for GitHub: the replicator’s cursor ledger in the state summary', () => {
  const inFlight = runWorld('in-flight');

  it('after E1’s delete, before its write: the cursor is in memory, the ledger at 10:-1, E1 deleted in memory only', () => {
    expect(inFlight.steps[E1_DELETE_STEP]!.key).toBe('deliver:broker-2->replicator:E1');
    expect(replicatorLines(inFlight, E1_DELETE_STEP)).toEqual([
      'replicator us-east→us-west (v2): Started, readPosition 10:2, markDeletePosition 10:0 (in memory), lastPersistedSource 10:0, pending E2',
      '  cursor ledger: mark-delete 10:-1, individually deleted none. In memory only: deleted 10:0 (E1) — ManagedCursorImpl.asyncDelete moved the cursor, but persistPositionToLedger has not written it to the cursor ledger yet. A crash of us-east’s broker now loses the delete (recoverFromLedger), and the new replicator reads E1 again.',
    ]);
  });

  it('after the write (persist-replicator-cursor:10:0): the ledger holds mark-delete 10:0, persisted', () => {
    expect(inFlight.steps[E1_DELETE_STEP + 1]!.key).toBe('persist-replicator-cursor:10:0');
    expect(replicatorLines(inFlight, E1_DELETE_STEP + 1)[1]).toBe(
      '  cursor ledger: mark-delete 10:0, individually deleted none. Persisted: the cursor ledger holds every delete made in memory (ManagedCursorImpl.persistPositionToLedger).',
    );
  });

  it('without the option the replicator’s line is as before: no ledger, nothing said in memory', () => {
    const [line, next] = replicatorLines(runWorld(), E1_DELETE_STEP);
    expect(line).toBe(
      'replicator us-east→us-west (v2): Started, readPosition 10:2, markDeletePosition 10:0, lastPersistedSource 10:0, pending E2',
    );
    expect(next).toMatch(/^outcomes: /);
  });
});
