// @vitest-environment node
// A quiet end's note offers the faults that would end its wait, as data (RunResult.endNotesDetail,
// UX review 23 finding 6): the scenario format's own fault objects, the same ones the sentence prints.
// For each kind of note check/quiet.ts makes — a broken channel, a stuck send (Java, and a Go
// Send(ctx)), a wait for a permit, a wait for memory — the offered faults are the ones the words
// name, each loads as a plan entry, and added to the scenario it ends that wait: the note goes.
import { describe, expect, it } from 'vitest';
import type { FaultSpec, RunResult } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { runBuiltin, runOf, type Json } from './helpers';
import { scenario } from './unseen-18.scenarios';

/** The run of `s` with `fault` added to its plan, as the app's button and a reader's file add it. */
const withFault = (s: Json, fault: FaultSpec): RunResult =>
  runOf({ ...s, faults: [...((s.faults as Json[] | undefined) ?? []), fault], expect: undefined });

const builtin = (id: string): Json => ({ ...BUILTINS.find((b) => b.id === id)! });

/** Every note's text is `endNotes`' sentence, and names each fault it offers as the file writes it. */
function expectOneSource(r: RunResult): void {
  expect(r.endNotesDetail.map((n) => n.text)).toEqual(r.endNotes);
}

const R00 = scenario('u18-r00-dup-frames-at-2');
const S13 = scenario('u18-s13-source-not-allowed-not-head');
/** A Go Send(ctx) the broker refuses with NotAllowedError: Go only unregisters the producer. */
const SEND_CTX_REFUSED: Json = {
  id: 'send-ctx-refused',
  producers: [{ name: 'p1', client: 'go' }],
  workload: [{ send: 'M1', producer: 'p1', sync: true }],
  faults: [{ kind: 'not-allowed', message: 'M1' }],
};
/** memory-limit-shared-client with Go producers (MemoryLimitBytes blocks by default). */
const MEMORY = builtin('memory-limit-shared-client');
const GO_MEMORY: Json = {
  ...MEMORY,
  producers: (MEMORY.producers as Json[]).map(({ blockIfQueueFull: _, ...p }) => ({
    ...p,
    client: 'go',
  })),
  expect: undefined,
};

describe('a broken channel that never healed offers a disconnect and an unload at the quiet end', () => {
  const r = runOf(R00);
  const [note] = r.endNotesDetail;
  it('the two faults are the ones the sentence names', () => {
    expectOneSource(r);
    expect(note!.faults).toEqual([
      { kind: 'disconnect', producer: 'replicator', after: { when: 'quiescent' } },
      { kind: 'unload-topic', cluster: 'us-west', after: { when: 'quiescent' } },
    ]);
    expect(note!.text).toContain(
      'a `disconnect` of replicator, or an `unload-topic` of us-west (seed 002 unloads after { "when": "quiescent" })',
    );
  });
  it('either one closes the connection: the replicator resends on a new one and the note goes', () => {
    for (const fault of note!.faults) {
      const healed = withFault(R00, fault);
      expect(healed.endNotes).toEqual([]);
      expect(healed.steps.length).toBeGreaterThan(r.steps.length);
    }
  });
});

describe('a stuck application send offers send-timeout, and a Go Send(ctx) its context too', () => {
  it("s13 (Java): { kind: send-timeout, message: E4 }; added, E4's send fails with a timeout", () => {
    const r = runOf(S13);
    expectOneSource(r);
    const timeout = { kind: 'send-timeout', message: 'E4' } as const;
    expect(r.endNotesDetail.map((n) => n.faults)).toEqual([[timeout]]);
    expect(r.endNotes[0]).toContain('add { "kind": "send-timeout", "message": "E4" } to the plan');
    const after = withFault(S13, timeout);
    expect(after.endNotes).toEqual([]);
    expect(after.outcomes.E4!.at(-1)).toMatch(/^failed: .*Timeout/);
  });
  it('a Go Send(ctx) refused NotAllowed: send-timeout, then context-expired on the written wait; the context ending changes the note', () => {
    const r = runOf(SEND_CTX_REFUSED);
    expectOneSource(r);
    const [timeout, context] = r.endNotesDetail[0]!.faults;
    expect(timeout).toEqual({ kind: 'send-timeout', message: 'M1' });
    expect(context).toEqual({ kind: 'context-expired', message: 'M1' });
    expect(r.endNotes[0]).toContain(
      'Send(ctx) returns context deadline exceeded, the message still pending: { "kind": "context-expired", "message": "M1" }',
    );
    const expired = withFault(SEND_CTX_REFUSED, context!);
    // Send(ctx) returned, but the message stays in the pending queue: only its send timer is left.
    expect(expired.outcomes.M1).toEqual(['failed: context deadline exceeded']);
    expect(expired.endNotesDetail.map((n) => n.faults)).toEqual([[timeout]]);
    expect(expired.endNotes[0]).not.toContain('context-expired');
  });
});

describe('a send blocked on a permit or on memory offers context-expired only where Go waits with a context', () => {
  it("go-chunks-exceed-pending-queue: BIG's context; added, BIG fails with ErrContextExpired", () => {
    const r = runBuiltin('go-chunks-exceed-pending-queue');
    expectOneSource(r);
    expect(r.endNotesDetail.map((n) => n.faults)).toEqual([
      [{ kind: 'context-expired', message: 'BIG' }],
    ]);
    const after = withFault(builtin('go-chunks-exceed-pending-queue'), {
      kind: 'context-expired',
      message: 'BIG',
    });
    expect(after.outcomes.BIG).toEqual(['failed: ErrContextExpired']);
    expect(after.endNotes.join(' ')).not.toContain('BIG');
  });
  it("pending-queue-full-blocks (Java): the permit wait offers nothing — Java's blocking sendAsync takes no context", () => {
    const r = runBuiltin('pending-queue-full-blocks');
    expectOneSource(r);
    expect(r.endNotesDetail.map((n) => n.faults)).toEqual([
      [{ kind: 'send-timeout', message: 'N1' }],
      [],
    ]);
  });
  it("a Go client's memory wait: M1's context; added, M1 fails with ErrContextExpired and only N1's note stays", () => {
    const r = runOf(GO_MEMORY);
    expectOneSource(r);
    expect(r.endNotesDetail[1]!.text).toContain("pa's send of M1 waits for memory");
    expect(r.endNotesDetail[1]!.faults).toEqual([{ kind: 'context-expired', message: 'M1' }]);
    const after = withFault(GO_MEMORY, r.endNotesDetail[1]!.faults[0]!);
    expect(after.outcomes.M1).toEqual(['failed: ErrContextExpired']);
    expect(after.endNotes).toHaveLength(1);
    expect(after.endNotes[0]).toContain("pb's send of N1 is still pending");
  });
});

it('a run that is not quiet with work undone has no detail either', () => {
  expect(runBuiltin('go-context-expired-keeps-permit').endNotesDetail).toEqual([]);
});
