// The Invariants panel says how a run ended: a livelock (the run came back to a state it had been
// in) must not read like a clean end.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { InvariantsPanel } from '../../src/ui/components/Panels/Invariants';

const runOf = (scenario: object) => {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', id: 'x', topic: { deduplication: true }, ...scenario });
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};

describe('Invariants: how the run ended', () => {
  it('a Go checksum error on a corrupted buffer: no violation, but a livelock', () => {
    const r = runOf({ producers: [{ name: 'p1', client: 'go' }], workload: [{ send: 'M1', producer: 'p1' }, { send: 'M2', producer: 'p1' }], faults: [{ kind: 'checksum-error', message: 'M2', localBufferCorrupted: true }] });
    expect(r.endedBy).toBe('loop');
    render(<InvariantsPanel result={r} cursor={0} />);
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent(/No invariant violated in this run \(\d+ steps, then it came back to a state it had been in: a livelock, what is pending stays pending\)/);
  });

  it('a quiet end says nothing was left to do', () => {
    const r = runOf({ producers: [{ name: 'p1' }], workload: [{ send: 'M1', producer: 'p1' }] });
    render(<InvariantsPanel result={r} cursor={0} />);
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent('then nothing was left to do');
  });
});
