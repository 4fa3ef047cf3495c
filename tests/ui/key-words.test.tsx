// A fault key reads the same in Next actions, the step bar and the Fault plan (UX review 15): one
// describer (ui/keyWords) words `fault:` keys as the plan words the fault (describeFault); every
// other key keeps the engine's words (engine/render/actionWords).
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, run, withExploreFaults } from '../../src/engine';
import { App } from '../../src/ui/App';
import { describeFaultKey, keyWords } from '../../src/ui/keyWords';
import { BUILTINS } from '../../src/scenarios';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const runOf = (id: string) => {
  const l = loadScenario(BUILTINS.find((b) => b.id === id)!);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(withExploreFaults(l.config), 'auto');
};

describe('seed 000: the checksum-error on E3, in Next actions and in the fault plan', () => {
  it('Next actions words the key as the plan line does; the step bar says it after the step', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const key = 'fault:checksum-error:E3@us-west:corrupted';
    const steps = appStore.getState().result!.steps;
    const at = steps.findIndex((s) => s.enabled.includes(key));
    expect(at).toBeGreaterThanOrEqual(0);
    render(<App />);
    setCursor(at);
    const item = within(await screen.findByTestId('panel-next'))
      .getAllByRole('listitem')
      .find((li) => within(li).getByRole('button').textContent === key)!;
    const words = 'checksum-error on E3 at us-west (local buffer corrupted)';
    expect(item.querySelector('.action-words')!.textContent).toBe(`: ${words}`);
    expect(screen.getByTestId('panel-faults')).toHaveTextContent(words);
    // The step that takes it: the step bar's title has the same words.
    const taken = steps.findIndex((s) => s.key === key);
    setCursor(taken);
    expect(await screen.findByText(key, { selector: '.step-key' })).toHaveAttribute(
      'title',
      `The action taken to reach this step: ${key} — ${words}`,
    );
  });
});

describe('keyWords', () => {
  const world = runOf('seed-000-checksum-corrupted').steps[0]!.world;
  it('a fault key in the plan’s words; a key the plan holds carries what the key cannot', () => {
    const key = 'fault:not-allowed:E3@us-west';
    expect(keyWords(key, world)).toBe('not-allowed on E3 at us-west (every attempt)');
    const plan = [{ kind: 'not-allowed', message: 'E3', cluster: 'us-west', times: 1 }];
    expect(keyWords(key, world, plan)).toBe('not-allowed on E3 at us-west (the first attempt)');
    // Not its trigger: by the time the key is offered, the trigger has happened.
    const unload = [{ kind: 'unload-topic', cluster: 'local', after: { step: 3 } }];
    expect(keyWords('fault:unload-topic:local', world, unload)).toBe('unload-topic at local');
    expect(keyWords('fault:ownership-change:local:broker-2', world)).toBe(
      'ownership-change at local to broker-2',
    );
    expect(keyWords('fault:duplicate-frames:replicator:2', world)).toBe(
      "duplicate-frames on replicator's connection (its 2nd send from now writes the frames sent before it again, then it drops further sends until it reconnects)",
    );
  });
  it('other keys keep the engine’s words; a fault key that does not parse gets none', () => {
    expect(keyWords('connect:p1', world)).toBe('p1 connects and resends what is pending');
    expect(keyWords('fault:meteor:local', world)).toBeNull();
    expect(describeFaultKey('fault:checksum-error:E3')).toBeNull();
  });
  it.each(BUILTINS.map((b) => b.id))('every key %s enables along its run has words', (id) => {
    const r = runOf(id);
    const missing = new Set<string>();
    for (const s of r.steps)
      for (const k of s.enabled) if (keyWords(k, s.world) === null) missing.add(k);
    expect([...missing]).toEqual([]);
  });
});
