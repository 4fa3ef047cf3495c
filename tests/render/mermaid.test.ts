// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeLabel, toMermaid } from '../../src/engine/index';
import { runBuiltin } from './runBuiltin';

// Lines that Mermaid draws as a message arrow or a note (participants, rect and end draw neither).
const drawn = (text: string) =>
  text.split('\n').filter((l) => /^\s*(Note over |P\d+-?->>P\d+:)/.test(l));

describe('render: mermaid', () => {
  it('seed-003-a-go: the lost M2, step by step (golden)', () => {
    expect(toMermaid(runBuiltin('seed-003-a-go')).text).toMatchInlineSnapshot(`
      "sequenceDiagram
          participant P1 as p1
          participant P2 as broker-1
          participant P3 as local ledger
          P1->>P2: 1 · CommandProducer → ProducerSuccess(last_sequence_id -1)
          Note over P1: seeded sequenceIDGenerator := 0
          Note over P1: 2 · SendAsync M0 seq 0
          Note over P1: 3 · SendAsync M1 seq 1
          Note over P1: 4 · Flush()
          Note over P1: send M0+M1 seq 0
          P1->>P2: 5 · M0+M1 seq 0
          Note over P2: NotDup (pushed none, persisted none): write, pushed := 0
          P2->>P3: 6 · add M0+M1 → 10:0
          P2-->>P1: 7 · receipt M0+M1 seq 0 at 10:0
          Note over P1: M0, M1 completed: stored at 10:0
          Note over P1: 8 · SendAsync M0 seq 0 (resend)
          Note over P1: 9 · SendAsync M2 seq 2
          Note over P1: 10 · Flush()
          Note over P1: send M0+M2 seq 0
          P1->>P2: 11 · M0+M2 seq 0
          Note over P2: Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1
          rect rgb(255, 221, 221)
              P2-->>P1: 12 · receipt M0+M2 seq 0 at -1:-1
              Note over P1: M0, M2 completed as success with -1:-1 (not stored by this send)
              Note over P1,P3: VIOLATION no-silent-loss: M2 was completed as a success with<br/>-1:-1 for p1, but local does not store it
          end"
    `);
  });

  it('items: one per drawn arrow or note, in order, with its step', () => {
    for (const [id, fixes] of [
      ['seed-003-a-go', []],
      ['seed-003-b-go', ['go-isolate-resends']],
    ] as const) {
      const d = toMermaid(runBuiltin(id, fixes));
      const lines = drawn(d.text);
      expect(d.items).toHaveLength(lines.length);
      expect(d.items.map((i) => i.kind)).toEqual(
        lines.map((l) => (l.trim().startsWith('Note over') ? 'note' : 'message')),
      );
    }
    const items = toMermaid(runBuiltin('seed-003-a-go')).items;
    expect(items.filter((i) => i.step === 12)).toEqual([
      { step: 12, kind: 'message' },
      { step: 12, kind: 'note' },
      { step: 12, kind: 'note' },
    ]);
  });

  it('is deterministic: the same run renders the same text', () => {
    expect(toMermaid(runBuiltin('seed-003-b-go')).text).toBe(
      toMermaid(runBuiltin('seed-003-b-go')).text,
    );
  });

  it('a range draws only its steps, with every participant still declared', () => {
    const d = toMermaid(runBuiltin('seed-003-a-go'), { from: 11, to: 12 });
    expect(new Set(d.items.map((i) => i.step))).toEqual(new Set([11, 12]));
    expect(d.text.split('\n').filter((l) => l.includes('participant'))).toHaveLength(3);
    expect(d.text).toContain('P1->>P2: 11 · M0+M2 seq 0');
  });

  it('keeps every line under 200 characters', () => {
    const long = { ...runBuiltin('seed-003-a-go') };
    const steps = long.steps.map((s) => ({
      ...s,
      events: s.events.map((e) => ({ ...e, text: `${e.text} ${'x;'.repeat(300)}` })),
    }));
    const text = toMermaid({ steps, violations: long.violations }).text;
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(200);
    expect(text).toContain('…');
  });
});

describe('render: escapeLabel', () => {
  it.each([
    ['<script>alert(1)</script>', '#lt;script#gt;alert(1)#lt;/script#gt;'],
    ['%%{init: {"theme":"dark"}}%%', '#37;#37;#123;init: #123;"theme":"dark"#125;#125;#37;#37;'],
    ['a</br>b', 'a#lt;/br#gt;b'],
    ['A;B', 'A#59;B'],
    ['a#b', 'a#35;b'],
    ['&lt;', '#38;lt#59;'],
    ['+go', '#43;go'],
    ['-1:-1 stays readable', '#45;1:-1 stays readable'],
    ['wrap: is not a directive', 'wrap#58; is not a directive'],
    ['line\nbreak\u0000and\u2028separators', 'line break and separators'],
    ['', '(empty)'],
    [' \n\t ', '(empty)'],
  ])('%j → %j', (raw, escaped) => {
    expect(escapeLabel(raw)).toBe(escaped);
  });

  it('escapes what ends a participant label: `:` `,` `@`', () => {
    expect(escapeLabel('x: y, z@w', { participant: true })).toBe('x#58; y#44; z#64;w');
  });

  it('truncates between entity codes, never inside one', () => {
    const out = escapeLabel(';'.repeat(50), { max: 20 });
    expect(out).toBe(`${'#59;'.repeat(4)}…`);
    expect(escapeLabel('short', { max: 5 })).toBe('short');
    expect(escapeLabel('longer', { max: 5 })).toBe('long…');
  });
});
