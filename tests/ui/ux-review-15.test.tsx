// UX review 15 (docs/research/ux-review-15.md), in jsdom.
// - Copy for GitHub of an explorer counterexample that is the run the scenario takes anyway
//   (seed-003-b-go-explore: its one no-duplicates trace is `auto`'s) read "A fork, not the scenario
//   as written" over "(no step or plan entry differs; the branch only runs apart)". It now says it
//   is the scenario as written, and its heading does not call it a fork; the link's notice adds
//   "every step as the scenario would take it".
// - A fork that does differ still says so (tests/ui/fork-link.test.tsx has the rest).
// - The Fault plan's "placed by the explorer: duplicate-frames on replicator's connection: … then
//   drops further sends until it reconnects at step 2" read as "reconnects at step 2": the
//   fault's words are in parentheses, so "at step 2" follows them.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { explore, explorerBounds, loadScenario } from '../../src/engine';
import { builtinById } from '../../src/scenarios';
import { FaultPlan } from '../../src/ui/components/FaultPlan';
import { blockOf, boundsOf } from '../../src/ui/components/Explorer/bounds';
import { forkOf } from '../../src/ui/share/fork';
import { linkSummary } from '../../src/ui/share/linkSummary';
import * as store from '../../src/ui/store';
import { commentOnScreen } from './githubComment';
import { startOnDirectRunner } from './startApp';

const state = () => store.appStore.getState();

function counterexample(id: string, invariant: string) {
  const loaded = loadScenario(builtinById(id), []);
  if (!loaded.ok) throw new Error('invalid');
  const v = explore(loaded.config, explorerBounds(loaded.config)).violations.find(
    (x) => x.invariant === invariant,
  )!;
  return { invariant, trace: v.trace, faults: [], explore: blockOf(boundsOf(builtinById(id))) };
}

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

describe('Copy for GitHub of a counterexample that is the scenario as written', () => {
  it('seed-003-b-go-explore: not called a fork; says it takes the scenario’s own choice at every step', async () => {
    const id = 'seed-003-b-go-explore';
    await store.selectScenario(id);
    const asWritten = state().result!.steps.map((s) => s.key);
    await store.openCounterexample(counterexample(id, 'no-duplicates'));
    // The same run as the scenario's own, and still a branch of its own (the Branches panel).
    expect(state().result!.steps.map((s) => s.key)).toEqual(asWritten);
    expect(forkOf(state())).not.toBeNull();
    const text = commentOnScreen();
    expect(text.split('\n')[0]).toBe(
      `### Dedup Lab: t (\`${id}\`): no-duplicates violated at step 12`,
    );
    // One sentence: "The scenario as written (an explorer counterexample)" read as a contradiction
    // (UX review 24, finding 7).
    expect(text).toContain(
      "**The explorer's shortest trace is the scenario as written**: this run takes the scenario's own choice at every step, with its own fault plan.",
    );
    expect(text).not.toContain('A fork');
    expect(text).not.toContain('runs apart');
    // The link's notice says the same of it.
    expect(linkSummary(state())).toContain(
      'a fork: an explorer counterexample; every step as the scenario would take it (Branches:',
    );
  });

  it('seed-000-explore: a counterexample that places a fault is still a fork, with its step', async () => {
    const id = 'seed-000-explore';
    await store.selectScenario(id);
    const c = counterexample(id, 'no-silent-loss');
    await store.openCounterexample(c);
    const text = commentOnScreen();
    expect(text.split('\n')[0]).toContain(`(\`${id}\`, a fork)`);
    expect(text).toContain('**A fork, not the scenario as written** (an explorer counterexample)');
    const at = c.trace.findIndex((k) => k.startsWith('fault:')) + 1;
    expect(text).toContain(`- step ${at}: \`${c.trace[at - 1]}\``);
  });
});

describe('the Fault plan of seed-002-issue-1-explore’s counterexample', () => {
  it('names the step the explorer placed duplicate-frames at after the fault’s words, not inside them', async () => {
    const id = 'seed-002-issue-1-explore';
    await store.selectScenario(id);
    const c = counterexample(id, 'no-silent-loss');
    const at = c.trace.findIndex((k) => k.startsWith('fault:duplicate-frames:')) + 1;
    expect(at).toBeGreaterThan(0);
    await store.openCounterexample(c);
    render(<FaultPlan />);
    const list = within(screen.getByTestId('panel-faults')).getByRole('list', {
      name: 'Faults placed by the explorer',
    });
    const n = /:(\d+)$/.exec(c.trace[at - 1]!)![1]!;
    const nth = { '1': '1st', '2': '2nd', '3': '3rd' }[n] ?? `${n}th`;
    expect(list.textContent).toBe(
      `placed by the explorer: duplicate-frames on replicator's connection (its ${nth} send from now writes the frames sent before it again, then it drops further sends until it reconnects) at step ${at}`,
    );
  });
});
