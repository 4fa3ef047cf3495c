// @vitest-environment node
// Review 18's "Left open", closed: what a run says when it ends stuck. r00–r02 end quiescent with
// the replicator's broken channel still dropping (Pulsar stays stuck too: its send timeout is 0);
// s13's application send is never answered (Java's and Go's 30 s default would fail it, which the
// model fires only as a `send-timeout` fault); s09's stall named E5 "not replicated" though us-west
// stores it; and a recipe that delivers a send before the plan's `not-allowed` step passes the
// fault by. Each is asserted where a user reads it: RunResult, the CLI's JSON and stderr, the
// Markdown timeline.
import { describe, expect, it } from 'vitest';
import { loadScenario, passedPlanFaults, run, toMarkdownTable } from '../../src/engine';
import { cli } from '../cli/fakeCli';
import { runOf } from './helpers';
import { scenario } from './unseen-18.scenarios';

const file = (id: string, patch: Record<string, unknown> = {}) => ({
  's.json': JSON.stringify({ ...scenario(id), ...patch }),
});
const R00 = 'u18-r00-dup-frames-at-2';
const S13 = 'u18-s13-source-not-allowed-not-head';
const S13_SCHEDULE = scenario(S13).schedule as string[];
/** s13 with E4 delivered before the plan's not-allowed step (the step left out of the recipe). */
const DELIVER_FIRST = S13_SCHEDULE.filter(
  (k) => k !== 'fault:not-allowed:E4@us-east' && k !== 'deliver:broker-1->p1:E4',
);

describe('a quiescent end under a broken channel that never healed (r00)', () => {
  it('endNotes name the channel, what stays pending, why nothing fails it and what would heal it', () => {
    const r = runOf(scenario(R00));
    expect(r.endedBy).toBe('quiescent');
    expect(r.violations).toEqual([]);
    expect(r.endNotes).toHaveLength(1);
    expect(r.endNotes[0]).toContain(
      'the broken channel of replicator to broker-2 (us-west) still drops every send',
    );
    expect(r.endNotes[0]).toContain('M2, M3, M4 stay pending on it');
    expect(r.endNotes[0]).toContain('no send timeout (sendTimeout 0)');
    expect(r.endNotes[0]).toContain(
      'a `disconnect` of replicator, or an `unload-topic` of us-west',
    );
  });
  it('what the note suggests heals it: a disconnect of the replicator when quiescent replicates M2–M4 and leaves no note', () => {
    const s = scenario(R00);
    const r = runOf({
      ...s,
      faults: [
        ...(s.faults as object[]),
        { kind: 'disconnect', producer: 'replicator', after: { when: 'quiescent' } },
      ],
    });
    expect(r.stored['us-west']).toEqual(['M1', 'M2', 'M3', 'M4']);
    expect(r.endNotes).toEqual([]);
  });
  it('the CLI: endedBy stays "quiescent", endNotes and endNotesDetail are added to the JSON, and stderr carries the note', () => {
    const out = cli(['run', 's.json', '--format', 'json'], file(R00));
    expect(out.code).toBe(0);
    const json = out.json();
    expect(json.endedBy).toBe('quiescent');
    expect(json.endNotes).toEqual(runOf(scenario(R00)).endNotes);
    expect(Object.keys(json)).toEqual([
      'scenario',
      'steps',
      'violations',
      'stored',
      'outcomes',
      'endedBy',
      'endNotes',
      'endNotesDetail',
    ]);
    // Each note again, with the faults it offers as plan entries (a disconnect and an unload).
    expect(json.endNotesDetail).toEqual(runOf(scenario(R00)).endNotesDetail);
    expect(out.stderr).toBe(
      `note: the run ended quiescent after step 25, but ${(json.endNotes as string[])[0]}\n`,
    );
  });
  it('the Markdown timeline ends with the note (and a range that stops earlier does not)', () => {
    const r = runOf(scenario(R00));
    expect(toMarkdownTable(r)).toContain(
      `\n\nThe run ended quiescent after step 25, but:\n- ${r.endNotes[0]}.`,
    );
    expect(toMarkdownTable(r, { to: 10 })).not.toContain('The run ended quiescent');
  });
  it('a run with nothing undone (a built-in) has no endNotes key in its JSON', () => {
    const out = cli(['run', 'seed-003-a-go', '--format', 'json']);
    expect(Object.keys(out.json())).not.toContain('endNotes');
    expect(Object.keys(out.json())).not.toContain('endNotesDetail');
  });
});

describe('an application send that never completes (s13)', () => {
  it('the note says it never completes and suggests the send-timeout fault', () => {
    expect(runOf(scenario(S13)).endNotes).toEqual([
      'p1\'s send of E4 is still pending and nothing more can happen: the broker at us-east answered E4 with NotAllowedError while another send was the head, which ProducerImpl.recoverNotAllowedError ignores; nothing more comes on the open connection to broker-1, so the application\'s send never completes. With its default send timeout (30 s in Java and Go) the client would fail it with a timeout; the model fires that only as a fault: add { "kind": "send-timeout", "message": "E4" } to the plan',
    ]);
  });
  it('the suggested fault fails E4 with TimeoutException, and nothing is left to say', () => {
    const s = scenario(S13);
    const r = runOf({
      ...s,
      faults: [...(s.faults as object[]), { kind: 'send-timeout', message: 'E4' }],
    });
    expect(r.outcomes.E4).toEqual(['failed: TimeoutException']);
    expect(r.endNotes).toEqual([]);
  });
});

describe("the stall's words after a terminal stop (s09)", () => {
  it('E4 is not replicated; E5 is stored at us-west but still in the source backlog — the CLI says the same', () => {
    const out = cli(
      ['run', 's.json', '--format', 'json'],
      file('u18-s09-corrupted-middle-fail-on-corrupt-head'),
    );
    const [v] = out.json().violations as { messages: string[]; detail: string }[];
    expect(v!.messages).toEqual(['E4', 'E5']);
    expect(v!.detail).toBe(
      'replication stalled with E4 not replicated; E5 stored at us-west but still in the source backlog: the replicator terminated (fail-on-corrupt-head: local buffer of E4 is corrupted)',
    );
  });
});

describe("a recipe that delivers before the plan's not-allowed step", () => {
  it('s13 as written: the fault acted, no warning', () => {
    const out = cli(['run', 's.json'], file(S13));
    expect(out.stderr).not.toContain('warning');
    expect(passedPlanFaults(runOf(scenario(S13)))).toEqual([]);
  });
  it('delivered first: E4 is stored unrejected, and the CLI warns that the fault never acted and why', () => {
    const l = loadScenario({ ...scenario(S13), schedule: DELIVER_FIRST });
    if (!l.ok) throw new Error(JSON.stringify(l.errors));
    const r = run(l.config, l.schedule);
    expect(r.stored['us-east']).toContain('E4');
    expect(passedPlanFaults(r)).toEqual([
      {
        index: 0,
        kind: 'not-allowed',
        key: 'fault:not-allowed:E4@us-east',
        enabledAt: 5,
        took: 'deliver:p1->broker-1:E4',
        why: 'no send of E4 to us-east is in flight',
        deliveredFirst: true,
      },
    ]);
    const out = cli(['run', 's.json'], file(S13, { schedule: DELIVER_FIRST }));
    expect(out.code).toBe(0);
    expect(out.stderr).toBe(
      'warning: $.faults[0] (not-allowed) never acted: fault:not-allowed:E4@us-east was enabled at step 5, but step 6 took deliver:p1->broker-1:E4 instead, and after it the fault could not act (no send of E4 to us-east is in flight). The delivery came first, so the broker never refused it; in Pulsar a topic policy refuses the message on every attempt (PersistentTopic.publishMessage). In a recipe the fault is a step: schedule fault:not-allowed:E4@us-east before deliver:p1->broker-1:E4\n',
    );
  });
});
