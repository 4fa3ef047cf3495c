// Defect: the fault plan showed raw JSON for duplicate-frames
// (`duplicate-frames {"producer":"replicator","atSend":3,"frames":["M1","M2"]}`) and left out
// triggers other than `{ step }` ("unload-topic at us-west" with no "when …"). Every kind now
// reads as words, with its trigger.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { describeFault, describeTrigger, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('describeFault', () => {
  it('every kind, in words', () => {
    const cases: [Record<string, unknown> & { kind: string }, string][] = [
      [
        { kind: 'checksum-error', message: 'E3', cluster: 'us-west', localBufferCorrupted: true },
        'checksum-error on E3 at us-west (local buffer corrupted)',
      ],
      [
        { kind: 'checksum-error', message: 'E3', cluster: 'us-west', localBufferCorrupted: false },
        'checksum-error on E3 at us-west (local buffer intact)',
      ],
      // The format's default is a corrupted buffer.
      [{ kind: 'checksum-error', message: 'M1' }, 'checksum-error on M1 (local buffer corrupted)'],
      [
        { kind: 'not-allowed', message: 'E3', cluster: 'us-west' },
        'not-allowed on E3 at us-west (every attempt)',
      ],
      [
        { kind: 'not-allowed', message: 'E3', cluster: 'us-west', times: -1 },
        'not-allowed on E3 at us-west (every attempt)',
      ],
      [{ kind: 'not-allowed', message: 'E3', times: 1 }, 'not-allowed on E3 (the first attempt)'],
      [
        { kind: 'not-allowed', message: 'E3', times: 2 },
        'not-allowed on E3 (the first 2 attempts)',
      ],
      [{ kind: 'lose-receipt', message: 'M2' }, 'lose-receipt on M2'],
      [{ kind: 'persist-fails', message: 'M2', cluster: 'local' }, 'persist-fails on M2 at local'],
      [{ kind: 'slow-bookie', bookie: 'bookie-2' }, 'slow-bookie bookie-2'],
      [{ kind: 'slow-bookie', bookie: 'bookie-2', message: 'M2' }, 'slow-bookie bookie-2 for M2'],
      [
        { kind: 'duplicate-frames', producer: 'replicator', atSend: 3, frames: ['M1', 'M2'] },
        "duplicate-frames on replicator's connection from its 3rd send: writes the frames of M1, M2 again, then drops further sends until it reconnects",
      ],
      [
        { kind: 'duplicate-frames', producer: 'p1', atSend: 2 },
        "duplicate-frames on p1's connection from its 2nd send: drops further sends until it reconnects",
      ],
      [{ kind: 'disconnect', producer: 'p1', after: { step: 4 } }, 'disconnect p1 after step 4'],
      [
        { kind: 'restart-producer', producer: 'p1', after: { event: 'acked', message: 'M1' } },
        'restart-producer p1 after M1 is acknowledged',
      ],
      [
        { kind: 'unload-topic', cluster: 'us-west', after: { when: 'quiescent' } },
        'unload-topic at us-west when the run is quiescent (nothing else can happen)',
      ],
      [
        {
          kind: 'ownership-change',
          cluster: 'local',
          to: 'broker-2',
          after: { event: 'persisted', message: 'M2', cluster: 'local' },
        },
        'ownership-change at local to broker-2 after M2 is persisted at local',
      ],
      [
        { kind: 'disconnect', producer: 'replicator', after: { event: 'sent', message: 'E1' } },
        'disconnect replicator after E1 is sent',
      ],
      [
        {
          kind: 'disconnect',
          producer: 'p1',
          after: { event: 'received', message: 'M3', cluster: 'us-east' },
        },
        'disconnect p1 after M3 reaches the broker at us-east',
      ],
      // A kind this version does not know: its fields as words, never raw JSON.
      [
        { kind: 'future-kind', cluster: 'c1', level: 3, names: ['a', 'b'] },
        'future-kind at c1 (level 3; names a, b)',
      ],
    ];
    for (const [f, text] of cases) expect(describeFault(f)).toBe(text);
    for (const [f] of cases) expect(describeFault(f)).not.toMatch(/[{}"]/);
  });

  it('describeTrigger: nothing for no trigger', () => {
    expect(describeTrigger(undefined)).toBe('');
    expect(describeTrigger({ step: 0 })).toBe(' after step 0');
  });

  it("seed-002-issue-1's plan panel reads as words, with each unload's trigger", async () => {
    await selectScenario('seed-002-issue-1');
    render(<App />);
    const plan = screen.getByTestId('panel-faults');
    expect(plan).toHaveTextContent(
      "duplicate-frames on replicator's connection from its 3rd send: writes the frames of M1, M2 again",
    );
    expect(
      within(plan).getByText(
        'unload-topic at us-west when the run is quiescent (nothing else can happen)',
      ),
    ).toBeInTheDocument();
    expect(
      within(plan).getByText(
        'unload-topic at us-east when the run is quiescent (nothing else can happen)',
      ),
    ).toBeInTheDocument();
    expect(plan.textContent).not.toMatch(/[{}]/);
  });
});
