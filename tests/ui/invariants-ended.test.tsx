// The Invariants panel says how a run ended: a livelock (the run came back to a state it had been
// in) must not read like a clean end.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { InvariantsPanel } from '../../src/ui/components/Panels/Invariants';

const runOf = (scenario: object) => {
  const l = loadScenario({
    format: 'dedup-lab/scenario@1',
    id: 'x',
    topic: { deduplication: true },
    ...scenario,
  });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};

describe('Invariants: how the run ended', () => {
  it('a Go checksum error on a corrupted buffer: no violation, but a livelock', () => {
    const r = runOf({
      producers: [{ name: 'p1', client: 'go' }],
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      faults: [{ kind: 'checksum-error', message: 'M2', localBufferCorrupted: true }],
    });
    expect(r.endedBy).toBe('loop');
    render(<InvariantsPanel result={r} cursor={0} />);
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent(
      /No invariant violated in this run \(\d+ steps, then it came back to a state it had been in: a livelock, what is pending stays pending\)/,
    );
  });

  it('a replicator stuck for ever on a target maxMessageSize below the source’s: replication-progress at the loop, and the livelock said', () => {
    const r = runOf({
      clusters: [
        { name: 'us-east', brokers: ['broker-1'] },
        { name: 'us-west', brokers: ['broker-2'] },
      ],
      topic: { deduplication: true, maxMessageSize: { 'us-west': 1000 } },
      producers: [{ name: 'p1', cluster: 'us-east' }],
      replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
      workload: [
        { send: 'M1', producer: 'p1', size: 2000 },
        { send: 'M2', producer: 'p1', size: 10 },
      ],
    });
    render(<InvariantsPanel result={r} cursor={0} />);
    const panel = screen.getByTestId('panel-invariants');
    expect(panel).toHaveTextContent(
      'replication-progress at step 22replication loops without progress from step 22 to step 25 (read:replicator, deliver:replicator->broker-2:M1, deliver:broker-2->replicator:M1); M1 never replicatedGo to step 22',
    );
    expect(panel).toHaveTextContent(
      'The run then it came back to a state it had been in: a livelock, what is pending stays pending.',
    );
    expect(panel).not.toHaveTextContent('No invariant violated');
  });

  it('a quiet end says nothing was left to do', () => {
    const r = runOf({ producers: [{ name: 'p1' }], workload: [{ send: 'M1', producer: 'p1' }] });
    render(<InvariantsPanel result={r} cursor={0} />);
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent('then nothing was left to do');
  });
});
