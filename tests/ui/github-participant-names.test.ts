// Copy for GitHub writes participant names as written (UX reviews 7 and 10): the raw block read
// `participant P5 as replicator#58;us-east-#gt;us-west`. Mermaid's alias after `as` runs to `#`,
// `;` or the line end, so `:`, `,`, `@` and a `>` with no `<` in the name need no escape. Judged by
// Mermaid 12 (jsdom + the getBBox stub): the copied block parses and draws the plain names, the
// same actor texts as the app's own diagram, whose text keeps its escapes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mermaid } from 'mermaid';
import { toMermaid, type RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios/index';
import { buildGithubComment } from '../../src/ui/share/github';
import { HOSTILE, runBuiltin } from '../render/runBuiltin';

let mermaid: Mermaid;
beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: 500_000 });
});

const mermaidBlock = (md: string) => /```mermaid\n([\s\S]*?)\n```/.exec(md)?.[1] ?? '';
const copied = (id: string, result: RunResult = runBuiltin(id)) =>
  mermaidBlock(
    buildGithubComment({
      title: id,
      scenarioId: id,
      result,
      step: 0,
      link: 'https://example.org/#s=1',
      fixes: [],
    }).text,
  );
const participantLines = (block: string) =>
  block.split('\n').filter((l) => l.startsWith('    participant '));

let n = 0;
async function actorTexts(block: string): Promise<string[]> {
  const { svg } = await mermaid.render(`names-${++n}`, block);
  const div = document.createElement('div');
  div.innerHTML = svg;
  expect(div.querySelector('script')).toBeNull();
  // Each name is drawn at the top and the bottom of its lane (the bottom row first).
  return [
    ...new Set([...div.querySelectorAll('text.actor')].map((t) => t.textContent ?? '')),
  ].sort();
}

describe('Copy for GitHub: participant names as written', () => {
  it('geo-two-way: the copied block names the replicators plainly, parses, and draws what the app draws', async () => {
    const block = copied('geo-two-way');
    expect(participantLines(block)).toEqual([
      '    participant P1 as pe',
      '    participant P2 as broker-1',
      '    participant P3 as us-east ledger',
      '    participant P4 as replicator-cursor:us-east->us-west',
      '    participant P5 as replicator:us-east->us-west',
      '    participant P6 as pw',
      '    participant P7 as broker-2',
      '    participant P8 as us-west ledger',
      '    participant P9 as replicator-cursor:us-west->us-east',
      '    participant P10 as replicator:us-west->us-east',
    ]);
    await expect(mermaid.parse(block)).resolves.toMatchObject({ diagramType: 'sequence' });
    const names = await actorTexts(block);
    expect(names).toEqual(
      [
        'pe',
        'broker-1',
        'us-east ledger',
        'replicator-cursor:us-east->us-west',
        'replicator:us-east->us-west',
        'pw',
        'broker-2',
        'us-west ledger',
        'replicator-cursor:us-west->us-east',
        'replicator:us-west->us-east',
      ].sort(),
    );
    // The app's diagram is unchanged: its text keeps the escapes, and Mermaid draws the same names.
    const app = toMermaid(runBuiltin('geo-two-way')).text;
    expect(participantLines(app)[4]).toBe(
      '    participant P5 as replicator#58;us-east-#gt;us-west',
    );
    expect(await actorTexts(app)).toEqual(names);
    // Only the participant lines differ.
    const other = (t: string) => t.split('\n').filter((l) => !l.startsWith('    participant '));
    expect(other(block)).toEqual(other(app));
  });

  it('every built-in: no #58; #44; #64; #gt; in a copied participant line, and the block parses', async () => {
    for (const b of BUILTINS) {
      const block = copied(b.id);
      for (const l of participantLines(block)) expect(l).not.toMatch(/#58;|#44;|#64;|#gt;/);
      await expect(mermaid.parse(block)).resolves.toMatchObject({ diagramType: 'sequence' });
    }
  });

  it('hostile names still cannot change the block: it parses, each name is drawn literally, no markup', async () => {
    const base = runBuiltin('seed-003-a-go');
    const rename = (a: string) => `${HOSTILE[a.length % HOSTILE.length]} ${a}`;
    const result = {
      ...base,
      steps: base.steps.map((s) => ({
        ...s,
        events: s.events.map((e) => ({ ...e, actor: rename(e.actor), to: e.to && rename(e.to) })),
      })),
    };
    const block = copied('seed-003-a-go', result);
    await expect(mermaid.parse(block)).resolves.toMatchObject({ diagramType: 'sequence' });
    // A `<` keeps its escape, and so does a `>` in the same name: no tag can open; a `>` alone is
    // written plainly.
    expect(block).toContain('    participant P4 as a#lt;/br#gt;b p1');
    expect(block).toContain('    participant P5 as a->>b broker-1');
    expect(block).not.toMatch(/%%|<script/);
    const names = await actorTexts(block);
    const actors = [
      ...new Set(base.steps.flatMap((s) => s.events.flatMap((e) => [e.actor, e.to ?? []].flat()))),
    ];
    for (const a of actors) expect(names).toContain(rename(a).replace(/\s+/g, ' ').trim());
  });
});
