// @vitest-environment node
// `pulsar-admin topics unload` (`unload-topic` with `scope: "topic"`) loads the topic again only once
// the replicator's producer close is answered (rule PersistentTopic.close:wait-for-clients): until
// then the fenced topic refuses producers and consumers (TopicFencedException → ServiceNotReady, and
// the client retries), so their reconnects are not enabled. Review 17 left the load in the unload's
// own step; these tests fail with it there.
import { describe, expect, it } from 'vitest';
import { faultReason, loadScenario, run, type RunResult } from '../../src/engine';
import { textsOf } from './helpers';
import { scenario } from './unseen-17.scenarios';

type Json = Record<string, unknown>;

function runIt(id: string, patch: Json = {}, schedule?: string[]): RunResult {
  const l = loadScenario({ ...scenario(id), ...patch });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, schedule ?? l.schedule);
}

/** u02's own steps up to and including the unload, then p1 reads its CommandCloseProducer first. */
const UNLOAD_THEN_P1_READS_CLOSE = [
  'connect:p1',
  'connect:replicator',
  'send:p1:M1',
  'deliver:p1->broker-1:M1',
  'persist:us-east:M1',
  'deliver:broker-1->p1:M1',
  'read:replicator',
  'deliver:replicator->broker-2:M1',
  'persist:us-west:M1',
  'fault:unload-topic:us-east:topic',
  'deliver:broker-1->p1:CloseProducer',
];
const LOADED =
  "the replicator's producer close is done: the topic at us-east closes its managed ledger and loads again";
const stepWith = (r: RunResult, text: string) =>
  r.steps.find((s) => s.events.some((e) => e.text === text))!;

describe('a topic unload loads the topic once its replicator has closed', () => {
  it("p1, told to reconnect, is refused until the replicator's close is answered; then the topic loads and p1 connects", () => {
    const r = runIt('u17-u02-topic-unload-remote-dedup-off', {}, UNLOAD_THEN_P1_READS_CLOSE);
    expect(r.error).toBeNull();
    const unload = r.steps[10]!;
    expect(unload.events.map((e) => e.text)).toContain(
      "topic at us-east fenced until its replicator's producer close is answered: producers and consumers are refused (ServiceNotReady) and retry",
    );
    // p1 is Connecting and its reconnect waits: only the replicator's traffic can move.
    expect(r.steps[11]!.enabled).not.toContain('connect:p1');
    expect(r.steps[11]!.enabled).toContain('deliver:broker-2->replicator:M1');
    const loaded = stepWith(r, LOADED);
    expect(loaded.key).toBe('deliver:broker-2->replicator:CloseProducerSuccess');
    expect(loaded.events.find((e) => e.text === LOADED)!.rule).toBe(
      'PersistentTopic.close:wait-for-clients',
    );
    expect(loaded.events.map((e) => e.text)).toContain(
      'topic loaded: dedup state rebuilt by replay',
    );
    expect(loaded.enabled).toContain('connect:p1');
    // Every step between the unload and the load kept p1 waiting.
    for (const s of r.steps.slice(11, loaded.index)) expect(s.enabled).not.toContain('connect:p1');
    // The outcome of row u02 stands: M1 once at the dedup-off us-west, M2 in the loaded topic's ledger.
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2'], 'us-west': ['M1', 'M2'] });
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
  });

  it("a bundle unload still loads in its own step: p1's reconnect is enabled as soon as it reads the close", () => {
    const schedule = UNLOAD_THEN_P1_READS_CLOSE.map((k) =>
      k === 'fault:unload-topic:us-east:topic' ? 'fault:unload-topic:us-east' : k,
    );
    const r = runIt('u17-u01-bundle-unload-remote-dedup-off', {}, schedule);
    expect(r.error).toBeNull();
    expect(r.steps[10]!.events.map((e) => e.text)).toContain(
      'topic loaded: dedup state rebuilt by replay',
    );
    expect(r.steps[11]!.enabled).toContain('connect:p1');
    expect(r.steps.some((s) => s.events.some((e) => e.text === LOADED))).toBe(false);
  });

  it('with no replicator close to wait for, the topic unload loads in its own step', () => {
    // The same topic, no replication: nothing but producers, whose disconnect completes at once.
    const r = runIt('u17-u02-topic-unload-remote-dedup-off', {
      replication: undefined,
      faults: [
        {
          kind: 'unload-topic',
          cluster: 'us-east',
          scope: 'topic',
          after: { event: 'persisted', message: 'M1', cluster: 'us-east' },
        },
      ],
    });
    const unload = r.steps.find((s) => s.key === 'fault:unload-topic:us-east:topic')!;
    expect(unload.events.map((e) => e.text)).toContain(
      'topic loaded: dedup state rebuilt by replay',
    );
    expect(
      r.steps.some((s) => s.events.some((e) => e.text.startsWith('topic at us-east fenced until'))),
    ).toBe(false);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:0'], M2: ['stored at 11:0'] });
  });

  it('while it waits, a second unload, a dedup switch and the TTL are refused, with the reason; a broker crash is not', () => {
    const r = runIt('u17-u02-topic-unload-remote-dedup-off', {}, UNLOAD_THEN_P1_READS_CLOSE);
    const w = r.steps[11]!.world;
    const closing =
      "the topic at us-east is closing: pulsar-admin topics unload waits for its replicator's producer close";
    expect(faultReason(w, { kind: 'unload-topic', cluster: 'us-east', scope: 'topic' })).toBe(
      closing,
    );
    expect(faultReason(w, { kind: 'unload-topic', cluster: 'us-east' })).toBe(closing);
    expect(faultReason(w, { kind: 'set-deduplication', cluster: 'us-east', enabled: false })).toBe(
      closing,
    );
    expect(faultReason(w, { kind: 'expire-messages', cluster: 'us-east' })).toBe(closing);
    expect(faultReason(w, { kind: 'restart-broker', cluster: 'us-east', to: null })).toBeNull();
    // The other cluster is not closing.
    expect(faultReason(w, { kind: 'unload-topic', cluster: 'us-west', scope: 'topic' })).toBeNull();
  });

  it('a consumer of the source waits too: nothing is consumed between the unload and the load', () => {
    // The consumer has not received 10:0 when the unload comes.
    const r = runIt(
      'u17-u02-topic-unload-remote-dedup-off',
      { subscriptions: [{ name: 'sub', cluster: 'us-east' }] },
      UNLOAD_THEN_P1_READS_CLOSE.slice(0, 10),
    );
    expect(r.steps[9]!.enabled).toContain('consume:sub:10:0');
    const loaded = stepWith(r, LOADED);
    expect(loaded.index).toBeGreaterThan(10);
    for (const s of r.steps.slice(10, loaded.index))
      expect(s.enabled.filter((k) => k.startsWith('consume:'))).toEqual([]);
    expect(loaded.enabled).toContain('consume:sub:10:0');
  });

  it('with bookies the managed ledger reads Closed in the gap, and the next ledger is created only by the load', () => {
    const r = runIt('u17-u07-topic-unload-bookies-source');
    const unload = r.steps.find((s) => s.key === 'fault:unload-topic:us-east:topic')!;
    expect(unload.world.topics['us-east']!.bk!.ml.state).toBe('Closed');
    expect(unload.world.topics['us-east']!.closing).toBe(true);
    expect(unload.events.some((e) => e.text.startsWith('ledger list ['))).toBe(false);
    const loaded = stepWith(r, LOADED);
    expect(loaded.events.some((e) => e.rule === 'ManagedLedgerImpl.initializeBookKeeper')).toBe(
      true,
    );
    expect(loaded.world.topics['us-east']!.bk!.ml.state).toBe('LedgerOpened');
    expect(loaded.world.topics['us-east']!.closing).toBeUndefined();
    expect(textsOf(r, 'replicator-cursor')).toContain('replicator restarts: read position 10:1');
  });
});
