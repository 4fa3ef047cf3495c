// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeCell, TABLE_LEGEND, toMarkdownTable } from '../../src/engine/index';
import { HOSTILE, runBuiltin } from './runBuiltin';

// Columns of a Markdown table row, honouring `\|` escapes as GitHub does.
const columns = (row: string) => row.replace(/\\\\/g, '').split(/(?<!\\)\|/).length - 2;

describe('render: markdown timeline table', () => {
  it('seed-003-a-go: the lost M2, step by step (golden)', () => {
    expect(toMarkdownTable(runBuiltin('seed-003-a-go'))).toMatchInlineSnapshot(`
      "Each row is one step of the run (the step numbers match the diagram); each column is an actor. A cell lists what happened at that actor, in order, separated by \`;\`; \`→ x: …\` is a message the actor sent to x. The last column names any invariant violated at that step.

      | step | p1 | broker-1 | local ledger | invariants |
      | --- | --- | --- | --- | --- |
      | 1 | → broker-1: CommandProducer → ProducerSuccess(last_sequence_id -1); seeded sequenceIDGenerator := 0 |  |  |  |
      | 2 | SendAsync M0 seq 0 |  |  |  |
      | 3 | SendAsync M1 seq 1 |  |  |  |
      | 4 | Flush(); send M0+M1 seq 0 |  |  |  |
      | 5 | → broker-1: M0+M1 seq 0 | NotDup (pushed none, persisted none): write, pushed := 0 |  |  |
      | 6 |  | → local ledger: add M0+M1 → 10:0 |  |  |
      | 7 | M0, M1 completed: stored at 10:0 | → p1: receipt M0+M1 seq 0 at 10:0 |  |  |
      | 8 | SendAsync M0 seq 0 (resend) |  |  |  |
      | 9 | SendAsync M2 seq 2 |  |  |  |
      | 10 | Flush(); send M0+M2 seq 0 |  |  |  |
      | 11 | → broker-1: M0+M2 seq 0 | Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1 |  |  |
      | 12 | M0, M2 completed as success with -1:-1 (not stored by this send) | → p1: receipt M0+M2 seq 0 at -1:-1 |  | no-silent-loss (M2) |"
    `);
  });

  it('starts with its legend, and a range keeps the header', () => {
    const table = toMarkdownTable(runBuiltin('seed-003-a-go'), { from: 12, to: 12 });
    expect(
      table.startsWith(`${TABLE_LEGEND}\n\n| step | p1 | broker-1 | local ledger | invariants |`),
    ).toBe(true);
    expect(table.split('\n').filter((l) => /^\| \d+ \|/.test(l))).toHaveLength(1);
  });

  it('hostile text cannot add rows, columns or HTML', () => {
    const base = runBuiltin('seed-003-a-go');
    const steps = base.steps.map((s, i) => ({
      ...s,
      events: s.events.map((e) => ({ ...e, text: HOSTILE[i % HOSTILE.length]! })),
    }));
    const rows = toMarkdownTable({ steps, violations: base.violations }).split('\n').slice(2);
    expect(rows).toHaveLength(2 + 12);
    for (const row of rows) expect(columns(row)).toBe(5);
    expect(rows.join('\n')).not.toMatch(/<script|<\/br/);
  });
});

describe('render: escapeCell', () => {
  it.each([
    ['a | b', 'a \\| b'],
    ['line\nbreak', 'line break'],
    ['<script>', '&lt;script&gt;'],
    ['back\\slash|pipe', 'back\\\\slash\\|pipe'],
    ['M0 & M1', 'M0 &amp; M1'],
  ])('%j → %j', (raw, escaped) => {
    expect(escapeCell(raw)).toBe(escaped);
  });
});
