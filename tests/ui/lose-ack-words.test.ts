// @vitest-environment node
// The words of a consumer's acknowledgements in flight (docs/research/consumer-acks.md): the keys
// `consume:`, `ack:`, `persist-cursor:` and `fault:lose-ack:` read as the steps they are, in Next
// actions, the step bar and the Fault plan alike (ui/keyWords → engine actionWords, describeFault).
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { faultOfKey, keyWords } from '../../src/ui/keyWords';

const world = () => {
  const l = loadScenario(BUILTINS.find((b) => b.id === 'consumer-ack-lost')!);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule).steps[0]!.world;
};

describe('acknowledgements in flight, in words', () => {
  it('consume, ack and persist-cursor keys say which step of the ack they are', () => {
    const w = world();
    expect(keyWords('consume:sub:10:0', w)).toBe(
      'subscription sub receives entry 10:0; its CommandAck leaves',
    );
    expect(keyWords('ack:sub:10:0', w)).toBe(
      "subscription sub's CommandAck for entry 10:0 reaches its broker",
    );
    expect(keyWords('persist-cursor:sub:10:0', w)).toBe(
      "the broker writes subscription sub's mark-delete 10:0 to the cursor ledger",
    );
  });
  it('a lose-ack key reads as the plan entry it stands for', () => {
    const key = 'fault:lose-ack:M1@local:sub';
    expect(faultOfKey(key)).toEqual({
      kind: 'lose-ack',
      message: 'M1',
      cluster: 'local',
      subscription: 'sub',
    });
    expect(keyWords(key, world())).toBe(
      "lose-ack on M1 at local (sub's CommandAck is lost with its connection)",
    );
  });
});
