// UX review 18 (docs/research/ux-review-18.md), as rendered text:
// - a branch names a fault it chose in the plan's words, a link's branch as one picked here; the
//   key stays in the recipe (the link, the JSON), and Copy for GitHub says the words after it;
// - a node menu's pick is noted under the topology graph, not over its nodes;
// - the editor's line form takes a quoted word ("M 1"), both ways; the validator still refuses the
//   id, with its named error, and a quote that does not close is named.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import * as L from '../../src/ui/components/Editor/lines';
import { App } from '../../src/ui/App';
import { clearPickNote } from '../../src/ui/components/FaultPlan/pickNote';
import { encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import * as store from '../../src/ui/store';
import { openCounterexample } from './openCounterexample';
import { commentOnScreen } from './githubComment';
import { startOnDirectRunner } from './startApp';

const state = () => store.appStore.getState();
const labels = () => state().branches.map((b) => b.label);
const CHECKSUM = /^fault:checksum-error:E3@us-west:(intact|corrupted)$/;

beforeEach(async () => {
  localStorage.clear();
  clearPickNote();
  await startOnDirectRunner();
});

describe('a branch names a chosen fault in words', () => {
  it('seed-000-explore: the link’s branch says the explorer’s checksum-error as the plan does; the link keeps the key', async () => {
    await openCounterexample('seed-000-explore', 'no-silent-loss');
    await waitFor(() => expect(state().branch).toBe(1));
    const recipe = recipeFromState(state())!;
    const at = recipe.schedule.findIndex((k) => CHECKSUM.test(k));
    expect(at).toBeGreaterThanOrEqual(0);
    const buffer = CHECKSUM.exec(recipe.schedule[at]!)![1]!;

    const payload = await encodeRecipe(recipe);
    await openLink(payload, 'app');
    const label = labels()[state().branch]!;
    expect(label).toBe(
      `from the link: step ${at + 1}: checksum-error on E3 at us-west (local buffer ${buffer})`,
    );
    expect(label).not.toContain('fault:');
    // The recipe the reopened page would share still takes the key.
    expect(recipeFromState(state())!.schedule[at]).toMatch(CHECKSUM);
    // Copy for GitHub keeps the key (what a schedule takes) and says it in words after it.
    const text = commentOnScreen();
    expect(text).toMatch(
      new RegExp(
        `^- step ${at + 1}: \`${recipe.schedule[at]}\` — checksum-error on E3 at us-west \\(local buffer ${buffer}\\) \\(the automatic choice here is \`[^\`]+\`\\)$`,
        'm',
      ),
    );
  });

  it('a fault picked from Next actions names its branch in words; any other key as written', async () => {
    await store.selectScenario('seed-000-explore');
    const world = () => state().result!.steps[state().cursor]!.enabled;
    const step = state().result!.steps.findIndex((s) => s.enabled.some((k) => CHECKSUM.test(k)));
    expect(step).toBeGreaterThanOrEqual(0);
    store.setCursor(step);
    const key = world().find((k) => CHECKSUM.test(k))!;
    await store.pickAction(key);
    const buffer = CHECKSUM.exec(key)![1]!;
    expect(labels()[1]).toBe(
      `step ${step + 1}: checksum-error on E3 at us-west (local buffer ${buffer})`,
    );
    expect(state().branches[1]!.schedule).toContain(key);

    await store.switchBranch(0);
    const steps = state().result!.steps;
    const at = steps.findIndex(
      (s, i) =>
        !!steps[i + 1] && s.enabled.some((k) => k !== steps[i + 1]!.key && !k.startsWith('fault:')),
    );
    expect(at).toBeGreaterThanOrEqual(0);
    store.setCursor(at);
    const other = world().find((k) => k !== steps[at + 1]!.key && !k.startsWith('fault:'))!;
    await store.pickAction(other);
    expect(labels()[2]).toBe(`step ${at + 1}: ${other}`);
  });
});

describe('a node menu’s note is under the graph', () => {
  it('seed 001 step 17, slow bookie-2 from its ⋯: the note follows the graph’s box, outside it', async () => {
    await store.selectScenario('seed-001-fencing-race');
    act(() => store.setCursor(17));
    render(<App />);
    const user = userEvent.setup();
    const topology = screen.getByTestId('panel-topology');
    await user.click(await within(topology).findByRole('button', { name: 'Faults on bookie-2' }));
    const menu = await screen.findByRole('menu', { name: /^Faults on bookie-2 after step 17/ });
    await user.click(within(menu).getByRole('menuitem', { name: 'slow bookie-2' }));
    await waitFor(() =>
      expect(within(topology).getByTestId('fault-added')).toHaveTextContent(
        'Added to the Fault plan: slow-bookie bookie-2',
      ),
    );
    const note = within(topology).getByTestId('fault-added');
    const box = topology.querySelector('.topo-flow')!;
    expect(box.contains(note)).toBe(false);
    expect(box.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(note).toHaveClass('fault-added-below');
    expect(note.getAttribute('style')).toBeNull();
    expect(note).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('the line form quotes a word with a space', () => {
  const workload = [
    { send: 'M 1', producer: 'p1', seq: 0 },
    { send: 'M2', producer: 'my app' },
    { flush: 'my app' },
    { send: 'say "hi"', producer: 'p1', replicateTo: ['us east', 'us-west'] },
  ];

  it('a JSON workload with such ids shows quoted and reads back as itself', () => {
    const text = L.workloadToLines(workload);
    expect(text).toBe(
      [
        'send "M 1" p1 seq=0',
        'send M2 "my app"',
        'flush "my app"',
        'send "say \\"hi\\"" p1 replicateTo="us east,us-west"',
      ].join('\n'),
    );
    expect(L.linesToWorkload(text)).toEqual({ ok: true, value: workload });
    // Plain words are written as before: no quotes where none are needed.
    expect(L.workloadToLines([{ send: 'M1', producer: 'p1', replicateTo: [] }])).toBe(
      'send M1 p1 replicateTo=',
    );
    expect(L.producersToLines([{ name: 'p1', producerName: 'my app' }])).toBe(
      'p1 producerName="my app"',
    );
    expect(L.linesToProducers('p1 producerName="my app"')).toEqual({
      ok: true,
      value: [{ name: 'p1', producerName: 'my app' }],
    });
  });

  it('typed quoted, "M 1" reaches the validator, which refuses it by name and says why', () => {
    const parsed = L.linesToWorkload('send "M 1" p1');
    expect(parsed).toEqual({ ok: true, value: [{ send: 'M 1', producer: 'p1' }] });
    const loaded = loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'quoted',
      producers: [{ name: 'p1', client: 'java' }],
      workload: parsed.ok ? parsed.value : [],
    });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const e = loaded.errors.find((x) => x.path === '$.workload[0].send');
    expect(e?.message).toBe(
      'expected a message id (letters, digits, ".", "_" and "-", starting with a letter or digit; no spaces), got "M 1"',
    );
  });

  it('unquoted, the error says to quote it; an open quote is named; a JSON line keeps its spaces', () => {
    expect(L.linesToWorkload('send M 1 p1')).toEqual({
      ok: false,
      error: expect.stringContaining('"p1" — expected seq=…'),
    });
    expect(L.linesToWorkload('send M 1 p1')).toEqual({
      ok: false,
      error: expect.stringContaining('(a name with a space is one word in quotes: "M 1")'),
    });
    expect(L.linesToWorkload('send M1 p1\nsend "M 1 p1')).toEqual({
      ok: false,
      error: 'line 2: the quote at column 6 is not closed (write \\" for a quote in it)',
    });
    expect(L.linesToWorkload('send "M 1"p1')).toEqual({
      ok: false,
      error: 'line 1: expected a space after the quoted "M 1" at column 11',
    });
    expect(L.linesToWorkload('{"send": "M  1", "producer": "p1"}')).toEqual({
      ok: true,
      value: [{ send: 'M  1', producer: 'p1' }],
    });
  });
});
