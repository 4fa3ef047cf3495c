// Mermaid's own parser and renderer are the judges of "the diagram is valid and shows the raw
// text": jsdom plus the getBBox stub in tests/setup.ts is enough for mermaid.render.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mermaid } from 'mermaid';
import { toMermaid, type RunResult } from '../../src/engine/index';
import { BUILTINS } from '../../src/scenarios/index';
import { HOSTILE, runBuiltin } from './runBuiltin';

let mermaid: Mermaid;
beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
});

let renders = 0;
async function renderToDom(text: string): Promise<HTMLElement> {
  const { svg } = await mermaid.render(`diagram-${++renders}`, text);
  const div = document.createElement('div');
  div.innerHTML = svg;
  return div;
}

/** The seed-003-a-go run with every actor renamed and every event text replaced by hostile input. */
function hostileRun(): RunResult {
  const base = runBuiltin('seed-003-a-go');
  const rename = (a: string) => `${HOSTILE[a.length % HOSTILE.length]} ${a}`;
  const steps = base.steps.map((s, i) => ({
    ...s,
    events: s.events.map((e, j) => ({
      ...e,
      actor: rename(e.actor),
      to: e.to && rename(e.to),
      text: HOSTILE[(i + j) % HOSTILE.length]!,
    })),
  }));
  return { ...base, steps };
}

describe('render: mermaid, judged by Mermaid 12', () => {
  it.each(BUILTINS.map((b) => b.id))('%s: the diagram parses', async (id) => {
    const d = toMermaid(runBuiltin(id));
    await expect(mermaid.parse(d.text)).resolves.toMatchObject({ diagramType: 'sequence' });
  });

  it('items match the SVG: one text.messageText per message, one .note per note', async () => {
    const d = toMermaid(runBuiltin('seed-003-a-go'));
    const dom = await renderToDom(d.text);
    expect(dom.querySelectorAll('text.messageText')).toHaveLength(
      d.items.filter((i) => i.kind === 'message').length,
    );
    expect(dom.querySelectorAll('.note')).toHaveLength(
      d.items.filter((i) => i.kind === 'note').length,
    );
  });

  it('hostile names and texts parse, and are shown literally (no markup, no directive)', async () => {
    const d = toMermaid(hostileRun());
    // The only markup is the line break between a violation note's lines (toMermaid writes it).
    expect(d.text).toContain('<br/>');
    expect(d.text.replaceAll('<br/>', '')).not.toMatch(/<|%%|\bclick\b/);
    const dom = await renderToDom(d.text);
    expect(dom.querySelector('script')).toBeNull();
    const shown = [...dom.querySelectorAll('text')].map((t) => t.textContent ?? '');
    for (const h of HOSTILE)
      expect(shown.some((s) => s.includes(h.replace(/\s+/g, ' ')))).toBe(true);
    expect(dom.querySelectorAll('text.messageText')).toHaveLength(
      d.items.filter((i) => i.kind === 'message').length,
    );
  });
});
