// The diagram's labels broken onto lines before Mermaid draws them (wrapLabels.ts): only at a
// space, the space kept at its line's end (the drawn text reads as the engine wrote it), a long
// Pulsar name never cut, a message across several lanes given their width.
import { describe, expect, it } from 'vitest';
import { toMermaid } from '../../src/engine';
import { breakLabel, LABEL_LINE, wrapLabels } from '../../src/ui/components/Diagram/wrapLabels';
import { runBuiltin } from '../render/runBuiltin';

const lines = (label: string) => label.split('<br/>');

describe('breakLabel', () => {
  it('breaks at spaces, keeps every name whole, and the lines joined are the label', () => {
    const label =
      'close ledger 3 at LAC 0: BKMetadataVersionException (another client is recovering it)';
    const out = lines(breakLabel(label));
    expect(out.join('')).toBe(label);
    expect(out).toContain('BKMetadataVersionException ');
    for (const l of out)
      expect(l.trimEnd().length <= LABEL_LINE || !l.trim().includes(' ')).toBe(true);
    expect(out.length).toBeGreaterThan(2);
  });
  it('keeps a short tail on its line, leaves short labels and labels with breaks as written', () => {
    // A name longer than a line breaks after its `(`, and "-1)" stays on its line.
    expect(lines(breakLabel('1 · CommandProducer → ProducerSuccess(last_sequence_id -1)'))).toEqual(
      ['1 · CommandProducer → ', 'ProducerSuccess(', 'last_sequence_id -1)'],
    );
    expect(breakLabel('16 · OK for 3:1')).toBe('16 · OK for 3:1');
    expect(breakLabel('VIOLATION x: a long one<br/>already broken by the engine')).toBe(
      'VIOLATION x: a long one<br/>already broken by the engine',
    );
  });
  it('counts an escape (#59; for ;) as one character', () => {
    expect(breakLabel('a'.repeat(20) + '#59;#59;#59;')).not.toContain('<br/>');
  });
});

describe('wrapLabels', () => {
  it('seed 001: notes over one actor and messages are broken, the all-lane VIOLATION note is not; nothing else changes', () => {
    const source = toMermaid(runBuiltin('seed-001-fencing-race')).text;
    const wrapped = wrapLabels(source);
    // Only breaks added; a line the engine broke itself (the VIOLATION note) stays as it is.
    const before = source.split('\n');
    expect(
      wrapped
        .split('\n')
        .map((l, k) => (before[k]!.includes('<br/>') ? l : l.replaceAll('<br/>', ''))),
    ).toEqual(before);
    expect(wrapped).toContain(
      'Note over P2: close ledger 3 at LAC 0: <br/>BKMetadataVersionException <br/>',
    );
    const violation = source.split('\n').find((l) => l.includes('VIOLATION'))!;
    expect(wrapped.split('\n')).toContain(violation);
    // A message across several lanes gets their width: P2 → P7 spans 5 lanes.
    const across = wrapped.split('\n').find((l) => /^\s*P2->>P7: 15 · /.test(l))!;
    expect(across.split('<br/>').length).toBeLessThanOrEqual(2);
  });
});

describe('wrapLabels in Mermaid', () => {
  it("seed 001 wrapped still parses, and a broken note's lines read as the engine's label", async () => {
    const mermaid = (await import('mermaid')).default;
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
    const { svg } = await mermaid.render(
      'wrap-labels-1',
      wrapLabels(toMermaid(runBuiltin('seed-001-fencing-race')).text),
    );
    const div = document.createElement('div');
    div.innerHTML = svg;
    const notes = [...div.querySelectorAll('g')]
      .filter((g) => g.querySelector(':scope > rect.note'))
      .map((g) => g.textContent);
    expect(notes).toContain(
      'close ledger 3 at LAC 0: BKMetadataVersionException (another client is recovering it)',
    );
    const close = [...div.querySelectorAll('text.noteText')].filter((t) =>
      /^(close ledger 3|BKMetadataVersionException)/.test(t.textContent ?? ''),
    );
    expect(close.length).toBe(2);
  });
});
