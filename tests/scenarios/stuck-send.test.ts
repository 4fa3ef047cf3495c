// @vitest-environment node
// The quiet end's stuck-send note names why the send is stuck, from the world as the run ends
// (check/stuck.ts): a NotAllowedError Java ignored (s13), the Go client deaf to its producer after
// one, a reconnect refused with ProducerBusy while another producer holds the name, a topic no
// broker serves, a ledger write that never completes. Review 18 / hB left the "why" unsaid.
import { describe, expect, it } from 'vitest';
import { stuckBecause } from '../../src/engine/check/stuck';
import type { World } from '../../src/engine/model/world';
import { runOf } from './helpers';
import { scenario } from './unseen-18.scenarios';

const S13 = scenario('u18-s13-source-not-allowed-not-head') as Record<string, unknown> & {
  producers: object[];
};

describe('the stuck-send note says why nothing answers the send', () => {
  it('s13 on Java: E4 refused while E3 was the head, ignored (recoverNotAllowedError) — the open connection brings nothing more', () => {
    const [note] = runOf(S13).endNotes;
    expect(note).toContain(
      "p1's send of E4 is still pending and nothing more can happen: the broker at us-east answered E4 with NotAllowedError while another send was the head, which ProducerImpl.recoverNotAllowedError ignores; nothing more comes on the open connection to broker-1, so the application's send never completes.",
    );
  });
  it('s13 on Go: the NotAllowedError removes p1 from the connection, E3 stored but its receipt dropped — both sends stuck', () => {
    const r = runOf({ ...S13, producers: [{ ...S13.producers[0], client: 'go' }] });
    expect(r.endedBy).toBe('quiescent');
    expect(r.stored['us-east']).toContain('E3');
    expect(r.endNotes).toHaveLength(1);
    expect(r.endNotes[0]).toContain(
      "p1's sends of E3, E4 are still pending and nothing more can happen: the broker at us-east refused E4 with NotAllowedError, so the Go client removed p1 from the connection's producers (connection.handleSendError): every later answer for it is dropped, and the connection to broker-1 stays open, so the application's sends never complete. With its default send timeout (30 s in Java and Go) the client would fail them",
    );
  });
  /** pb's receipt lost, pa takes the name 'app' meanwhile: pb's reconnects are refused for good. */
  const busy = (client: 'java' | 'go', sync?: true) =>
    runOf(
      {
        id: `stuck-busy-${client}`,
        title: 'a reconnect refused with ProducerBusy',
        clusters: [{ name: 'local', brokers: ['broker-1'] }],
        topic: { deduplication: true },
        producers: [
          { name: 'pa', producerName: 'app', client },
          { name: 'pb', producerName: 'app', client },
        ],
        workload: [
          { send: 'N1', producer: 'pb', ...(sync ? { sync } : {}) },
          { send: 'M1', producer: 'pa' },
        ],
        faults: [{ kind: 'lose-receipt', message: 'N1' }],
      },
      [
        'connect:pb',
        'send:pb:N1',
        'deliver:pb->broker-1:N1',
        'persist:local:N1',
        'fault:lose-receipt:N1@local',
        'connect:pa',
      ],
    );
  it("pb's receipt lost, pa takes the name 'app' meanwhile: pb's reconnects are refused with ProducerBusy for good", () => {
    const r = busy('java');
    expect(r.stored).toEqual({ local: ['N1', 'M1'] });
    expect(r.endNotes).toHaveLength(1);
    expect(r.endNotes[0]).toContain(
      "pb's send of N1 is still pending and nothing more can happen: its connection is gone and every reconnect is refused with ProducerBusy: pa holds the name 'app' on the topic at local and its connection never closes, so the application's send never completes.",
    );
  });
  it("the same on Go with pb's Send(ctx) waiting: the note offers the context's end too, in Send's words", () => {
    // pulsar-client-go#1053: Send's select takes ctx.Done() and returns while N1 stays pending, so
    // the note names context-expired beside send-timeout (before, only send-timeout was named).
    const r = busy('go', true);
    expect(r.endNotes).toHaveLength(1);
    expect(r.endNotes[0]).toMatch(
      /^pb's send of N1 is still pending .* add \{ "kind": "send-timeout", "message": "N1" \} to the plan; if the application's context ends first, Send\(ctx\) returns context deadline exceeded, the message still pending: \{ "kind": "context-expired", "message": "N1" \}$/,
    );
  });
  // s13's last world, changed where each cause shows: the words follow the state, not the scenario.
  const w = runOf(S13).steps.at(-1)!.world;
  const p1 = w.producers.p1!;
  const down = (closing: boolean): World => ({
    ...w,
    producers: { ...w.producers, p1: { ...p1, state: 'Connecting' } },
    channels: { ...w.channels, p1: { ...w.channels.p1!, open: false } },
    topics: {
      ...w.topics,
      'us-east': { ...w.topics['us-east']!, ...(closing ? { closing: true as const } : {}) },
    },
  });
  it("a topic an admin unload is still closing: the lookup never ends (the topic's own words for it)", () => {
    expect(stuckBecause(down(true), p1, ['E4'])).toBe(
      "its connection is gone and it never reconnects: no broker serves the topic at us-east (the topic at us-east is closing: pulsar-admin topics unload waits for its replicator's producer close), so the lookup never ends",
    );
    expect(stuckBecause(down(false), p1, ['E4'])).toBe(
      'its connection to us-east is gone and it never reconnects',
    );
  });
  it('a ledger write of its own that never completes, and a producer closed for good', () => {
    const write = {
      producer: 'p1',
      dedupKey: 'p1',
      sequenceId: 1,
      highestSequenceId: -1,
      msgs: [p1.pendingMessages[0]!.msgs[0]!],
      epoch: 1,
      replV2: false,
      born: 0,
    };
    const writing: World = {
      ...w,
      topics: { ...w.topics, 'us-east': { ...w.topics['us-east']!, pendingWrites: [write] } },
    };
    expect(stuckBecause(writing, p1, ['E4'])).toBe(
      'the broker at us-east holds E4 in a ledger write that never completes (OpAddEntry), so no receipt is ever sent',
    );
    expect(stuckBecause(w, { ...p1, closed: true }, ['E4'])).toBe(
      'p1 is closed and never reconnects, so nothing resends it',
    );
  });
  it('an open connection the broker removed the producer from, one with nothing in flight and no refusal, and a close still waiting', () => {
    expect(
      stuckBecause(
        { ...w, channels: { ...w.channels, p1: { ...w.channels.p1!, removed: true } } },
        p1,
        ['E4'],
      ),
    ).toBe(
      'the broker removed p1 from its connection to broker-1 and ignores its sends, while the connection stays open',
    );
    expect(stuckBecause({ ...w, notAllowed: {} }, p1, ['E4'])).toBe(
      "it waits for a receipt on its open connection to broker-1, but nothing is in flight on it: the broker's answer was one the client ignored, and nothing closes the connection",
    );
    expect(stuckBecause(w, { ...p1, state: 'Closing' }, ['E4'])).toBe(
      "the application is closing p1 and the broker's answer to CommandCloseProducer never comes (ProducerImpl.closeAsync waits for it)",
    );
  });
});
