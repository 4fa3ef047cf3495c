// "Copy for GitHub": the builder is pure; judged by Mermaid's own parser (jsdom + the getBBox stub).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mermaid } from 'mermaid';
import type { RunResult } from '../../src/engine';
import {
  buildGithubComment,
  escapeMarkdownText,
  GITHUB_MAX_CHARS,
} from '../../src/ui/share/github';
import { stateSummary } from '../../src/ui/share/summary';
import { runBuiltin } from '../render/runBuiltin';

let mermaid: Mermaid;
beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: 500_000 });
});

const mermaidBlock = (md: string) => /```mermaid\n([\s\S]*?)\n```/.exec(md)?.[1] ?? '';
const LINK = 'https://example.org/dedup-lab/#s=1.abc';

/** A long run: seed-000's steps repeated (renumbered), its violation moved to the middle. */
function longRun(times: number): RunResult {
  const base = runBuiltin('seed-000-checksum-corrupted');
  const steps = [base.steps[0]!];
  for (let t = 0; t < times; t++)
    for (const s of base.steps.slice(1)) steps.push({ ...s, index: steps.length });
  const mid = Math.floor(steps.length / 2);
  return { ...base, steps, violations: base.violations.map((v) => ({ ...v, step: mid })) };
}

describe('Copy for GitHub', () => {
  it('seed-000: title names the scenario and the invariant; mermaid block parses; table; details; link', async () => {
    const result = runBuiltin('seed-000-checksum-corrupted');
    const { text, from, to } = buildGithubComment({
      title: 'Seed 000',
      scenarioId: 'seed-000-checksum-corrupted',
      result,
      step: 0,
      link: LINK,
      fixes: [],
    });
    expect(text.split('\n')[0]).toBe(
      '### Dedup Lab: Seed 000 (`seed-000-checksum-corrupted`): no-silent-loss violated at step 27',
    );
    expect([from, to]).toEqual([1, 27]);
    await expect(mermaid.parse(mermaidBlock(text))).resolves.toMatchObject({
      diagramType: 'sequence',
    });
    expect(text).toMatch(/\n\| step \| .* \| invariants \|\n/);
    expect(text).toMatch(
      /<details><summary>State at step 27<\/summary>\n\n```text\nState after step 27/,
    );
    expect(text).toContain('topic @us-west (owner broker-2, dedup on): stored E4, E5');
    expect(text.trimEnd().endsWith(`[Open this run in Dedup Lab](${LINK})`)).toBe(true);
    // Mermaid's line break `<br/>` wraps the violation note (it was wider than the view), and
    // only there; nothing outside the diagram is HTML.
    const diagram = mermaidBlock(text);
    expect(text.replace(diagram, '')).not.toMatch(/<br/i);
    const broken = diagram.split('\n').filter((l) => l.includes('<br/>'));
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/^\s*Note over P1,P7: VIOLATION no-silent-loss: /);
  });

  it('a long trace is windowed around the violation and never passes 65,536 characters', async () => {
    const result = longRun(40);
    const focus = result.violations[0]!.step;
    const { text, from, to } = buildGithubComment({
      title: 'Long',
      scenarioId: 'long',
      result,
      step: 0,
      link: LINK,
      fixes: ['guard-rewind'],
    });
    expect(text.length).toBeLessThanOrEqual(GITHUB_MAX_CHARS);
    expect(from).toBeLessThanOrEqual(focus);
    expect(to).toBeGreaterThanOrEqual(focus);
    expect(to - from).toBeLessThan(result.steps.length - 1);
    expect(text).toContain(
      `_Steps ${from}–${to} of ${result.steps.length - 1}, around step ${focus}`,
    );
    await expect(mermaid.parse(mermaidBlock(text))).resolves.toMatchObject({
      diagramType: 'sequence',
    });
    // A tighter cap shrinks the window further, still around the violation.
    const cap = Math.floor(text.length / 2);
    const small = buildGithubComment(
      { title: 'Long', scenarioId: 'long', result, step: 0, link: LINK, fixes: ['guard-rewind'] },
      cap,
    );
    expect(small.text.length).toBeLessThanOrEqual(cap);
    expect(small.to - small.from).toBeLessThan(to - from);
    expect(small.from <= focus && focus <= small.to).toBe(true);
  });

  it('a scenario whose title is its id is named once, its fixes and edits in the brackets (UX review 24, finding 5)', () => {
    const result = runBuiltin('seed-000-checksum-corrupted', ['guard-rewind']);
    const head = (edited?: 'builtin') =>
      buildGithubComment({
        title: 'u26-x01',
        scenarioId: 'u26-x01',
        result,
        step: 0,
        link: LINK,
        fixes: ['guard-rewind'],
        ...(edited && { edited }),
      }).text.split('\n')[0];
    expect(head()).toMatch(/^### Dedup Lab: `u26-x01` \(with guard-rewind\): /);
    expect(head('builtin')).toMatch(/^### Dedup Lab: `u26-x01` \(with guard-rewind, edited\): /);
    const bare = buildGithubComment({
      title: 'u26-x01',
      scenarioId: 'u26-x01',
      result,
      step: 0,
      link: LINK,
      fixes: [],
    }).text.split('\n')[0];
    expect(bare).toMatch(/^### Dedup Lab: `u26-x01`: /);
  });

  it('hostile titles stay text: no HTML, no link, no emphasis', () => {
    expect(escapeMarkdownText('<script>x</script> [a](b) *c* `d` | e')).toBe(
      '&lt;script&gt;x&lt;/script&gt; \\[a\\](b) \\*c\\* \\`d\\` \\| e',
    );
    const result = runBuiltin('seed-003-a-go');
    const { text } = buildGithubComment({
      title: '<img src=x onerror=alert(1)>\n# heading',
      scenarioId: 'x',
      result,
      step: 3,
      link: LINK,
      fixes: [],
    });
    expect(text.split('\n')[0]).toContain('&lt;img src=x onerror=alert(1)&gt; \\# heading');
    expect(text).not.toMatch(/<img|<script/);
  });

  it('with no violation, the focus is the step on screen', () => {
    const result = runBuiltin('seed-003-a-go', ['go-1565']);
    const { text } = buildGithubComment({
      title: 'Go',
      scenarioId: 'seed-003-a-go',
      result,
      step: 4,
      link: LINK,
      fixes: ['go-1565'],
    });
    expect(text.split('\n')[0]).toMatch(/with go-1565\): no invariant violated/);
    expect(text).toContain('State at step 4');
  });

  it('with no violation, a send reported failed whose message is stored is said in the heading', () => {
    // java-closed-while-reconnecting with pr-23038: closeAsync fails M1 and M2 (AlreadyClosed), the
    // broker stores both — Pulsar's contract for a failed send, so no invariant breaks, but a title that
    // names that problem over "no invariant violated" alone read as "nothing happened".
    const result = runBuiltin('java-closed-while-reconnecting', ['pr-23038']);
    expect(result.violations).toEqual([]);
    const head = buildGithubComment({
      title: 'Closed while reconnecting',
      scenarioId: 'java-closed-while-reconnecting',
      result,
      step: 0,
      link: LINK,
      fixes: ['pr-23038'],
    }).text.split('\n')[0];
    expect(head).toMatch(
      /with pr-23038\): no invariant violated \(20 steps\); M1, M2 are reported failed, yet stored$/,
    );
    // A run with no send reported failed yet stored says nothing more.
    const clean = buildGithubComment({
      title: 'Go',
      scenarioId: 'seed-003-a-go',
      result: runBuiltin('seed-003-a-go', ['go-1565']),
      step: 0,
      link: LINK,
      fixes: ['go-1565'],
    }).text.split('\n')[0];
    expect(clean).toMatch(/no invariant violated \(\d+ steps\)$/);
  });

  it('the state summary lists producers, topics, outcomes and violations', () => {
    const s = stateSummary(runBuiltin('seed-003-a-go'), 5);
    expect(s).toMatch(/^State after step 5 \(/);
    // A Go producer's watermarks under partitionProducer's own names.
    expect(s).toMatch(
      /\nproducer p1 \(go, local\): Ready, sequenceIDGenerator \d+, lastSequenceID -?\d+, batch /,
    );
    expect(s).not.toMatch(/msgIdGenerator/);
    expect(s).toMatch(/\ntopic @local/);
    expect(s).toMatch(/\noutcomes: /);
  });

  it('the replicator is named from its source to its remote', () => {
    const r = runBuiltin('geo-v2-clean');
    expect(stateSummary(r, r.steps.length - 1)).toMatch(
      /\nproducer replicator \(java, us-east→us-west\)/,
    );
  });
});
