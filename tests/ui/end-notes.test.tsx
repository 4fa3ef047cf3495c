// A run that ends quiescent with work undone says why (review 18's "Left open"): r00's broken
// channel never heals and s13's application send is never answered. "Nothing was left to do" read
// like a clean end there; the Invariants panel and the last step's Next actions now name the cause
// and what would heal it, in the engine's words (RunResult.endNotes, as the CLI prints them).
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { App } from '../../src/ui/App';
import { planLines } from '../../src/ui/components/FaultPlan/planLines';
import { InvariantsPanel } from '../../src/ui/components/Panels/Invariants';
import type { FaultJson } from '../../src/ui/store';
import { appStore, runCustomScenario, setCursor, setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { scenario } from '../scenarios/unseen-18.scenarios';

const runOf = (json: Record<string, unknown>) => {
  const l = loadScenario(json);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
};

describe('Invariants: a quiet end with work undone', () => {
  it('r00: the broken channel still drops every send — named, with what would close it', () => {
    const r = runOf(scenario('u18-r00-dup-frames-at-2'));
    render(<InvariantsPanel result={r} cursor={0} />);
    const panel = screen.getByTestId('panel-invariants');
    expect(panel).toHaveTextContent(
      'No invariant violated in this run (25 steps, then nothing more could happen, with work undone: see below).',
    );
    expect(panel).not.toHaveTextContent('nothing was left to do');
    const notes = screen.getByTestId('end-notes');
    expect(notes).toHaveTextContent(
      'the broken channel of replicator to broker-2 (us-west) still drops every send',
    );
    expect(notes).toHaveTextContent('M2, M3, M4 stay pending on it');
    expect(notes).toHaveTextContent(
      'a `disconnect` of replicator, or an `unload-topic` of us-west',
    );
  });

  it('s13: the stuck application send suggests the send-timeout fault', () => {
    const r = runOf(scenario('u18-s13-source-not-allowed-not-head'));
    render(<InvariantsPanel result={r} cursor={0} />);
    expect(screen.getByTestId('end-notes')).toHaveTextContent(
      'p1\'s send of E4 is still pending and nothing more can happen: the broker at us-east answered E4 with NotAllowedError while another send was the head, which ProducerImpl.recoverNotAllowedError ignores; nothing more comes on the open connection to broker-1, so the application\'s send never completes. With its default send timeout (30 s in Java and Go) the client would fail it with a timeout; the model fires that only as a fault: add { "kind": "send-timeout", "message": "E4" } to the plan.',
    );
  });

  it('a clean end has no notes', () => {
    const r = runOf({
      format: 'dedup-lab/scenario@1',
      id: 'x',
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });
    expect(r.endNotes).toEqual([]);
    render(<InvariantsPanel result={r} cursor={0} />);
    expect(screen.queryByTestId('end-notes')).toBeNull();
  });
});

describe('Next actions: the last step of a quiet end with work undone', () => {
  beforeEach(async () => {
    setRunner(directRunner);
    await start();
  });
  it('r00: the notes show at the last step only', async () => {
    await runCustomScenario(scenario('u18-r00-dup-frames-at-2'));
    const last = appStore.getState().result!.steps.length - 1;
    render(<App />);
    setCursor(last - 1);
    await screen.findByTestId('panel-next');
    expect(screen.queryAllByTestId('end-notes')).toHaveLength(1); // the Invariants panel's only
    setCursor(last);
    const next = await screen.findByTestId('panel-next');
    expect(next.querySelector('[data-testid="end-notes"]')).toHaveTextContent(
      'still drops every send',
    );
  });
});

describe("Fault plan: a recipe that delivers before the plan's not-allowed step", () => {
  const s13 = scenario('u18-s13-source-not-allowed-not-head');
  const faults = s13.faults as FaultJson[];
  it('as written the fault acted at its step, and the line says nothing more', () => {
    const [line] = planLines(faults, runOf(s13));
    expect(line!.actedAt).toBe(6);
    expect(line!.never).toBeNull();
  });
  it('delivered first: the line says the fault never acted, where it could have and why the broker did not refuse E4', () => {
    const schedule = (s13.schedule as string[]).filter(
      (k) => k !== 'fault:not-allowed:E4@us-east' && k !== 'deliver:broker-1->p1:E4',
    );
    const [line] = planLines(faults, runOf({ ...s13, schedule }));
    expect(line!.actedAt).toBeNull();
    expect(line!.never).toBe(
      'never acted: fault:not-allowed:E4@us-east was enabled at step 5, but step 6 took deliver:p1->broker-1:E4 instead, and after it the fault could not act (no send of E4 to us-east is in flight). The delivery came first, so the broker never refused it; in Pulsar a topic policy refuses the message on every attempt (PersistentTopic.publishMessage). In a recipe the fault is a step: schedule fault:not-allowed:E4@us-east before deliver:p1->broker-1:E4',
    );
  });
});
