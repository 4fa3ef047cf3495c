// @vitest-environment node
// UX review 18: the raw Mermaid (Copy for GitHub, the diagram's raw view) read "#59;" wherever our
// own words ended a clause with "; " (Mermaid ends a statement at `;`). Those clauses are now
// joined with " — "; the table keeps the engine's "; ", and a `;` of any other text is escaped.
import { describe, expect, it } from 'vitest';
import { escapeLabel, toMarkdownTable, toMermaid } from '../../src/engine/index';
import { clauses } from '../../src/engine/render/mermaid';
import { runBuiltin } from './runBuiltin';

describe('render: mermaid clauses', () => {
  it('geo-v2-target-unload: the close reads "at us-west — the connection stays", no #59;', () => {
    const r = runBuiltin('geo-v2-target-unload');
    const text = toMermaid(r).text;
    expect(text).not.toContain('#59;');
    expect(text).toContain(
      'topic unloaded at us-west — the connection stays — receipts already written go first: E1',
    );
    // The engine's words are unchanged: the table still says them with the "; ".
    expect(toMarkdownTable(r)).toContain('topic unloaded at us-west; the connection stays');
  });

  it('a violation note joins its clauses the same way (seed-000-not-allowed)', () => {
    const text = toMermaid(runBuiltin('seed-000-not-allowed')).text;
    const note = text.split('\n').find((l) => l.includes('VIOLATION replication-progress'));
    expect(note).toContain('deliver:broker-2-#gt;replicator:E3) — E3 never replicated');
    expect(note).not.toContain('#59;');
  });

  it('only "; " becomes " — "; a bare `;` is still escaped', () => {
    expect(clauses('a; b; c')).toBe('a — b — c');
    expect(clauses('A;B')).toBe('A;B');
    expect(escapeLabel(clauses('A;B; c'))).toBe('A#59;B — c');
  });
});
