// Long traces: the diagram source is measured and, above Mermaid's limit, replaced by a window of
// steps around the cursor that fits; arrows map back to the events (and messages) they draw.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, toMermaid, type RunResult } from '../../src/engine';
import { longScenario } from '../../src/scenarios/long';
import { builtinById } from '../../src/scenarios';
import { arrowTarget } from '../../src/ui/components/Diagram/arrows';
import {
  drawingFor,
  inWindow,
  isErrorPicture,
  MERMAID_MAX_TEXT,
} from '../../src/ui/components/Diagram/window';

function trace(scenario: unknown): RunResult {
  const loaded = loadScenario(scenario);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

describe('diagram window', () => {
  const long = trace(longScenario(200));
  const last = long.steps.length - 1;

  it("long-200 is past Mermaid's limit; a short trace is drawn whole", () => {
    expect(toMermaid(long).text.length).toBeGreaterThan(MERMAID_MAX_TEXT);
    const short = trace(builtinById('geo-v2-clean'));
    expect(drawingFor(short, 5).window).toBeNull();
  });

  it('the window contains the cursor, fits the limit, and starts a third of its size before it', () => {
    for (const cursor of [0, 1, 300, last]) {
      const d = drawingFor(long, cursor);
      const w = d.window!;
      expect(d.diagram.text.length).toBeLessThanOrEqual(MERMAID_MAX_TEXT);
      expect(inWindow(w, cursor)).toBe(true);
      expect(w.last).toBe(last);
      const steps = d.diagram.items.map((i) => i.step);
      expect(Math.min(...steps)).toBe(w.from);
      expect(Math.max(...steps)).toBe(w.to);
    }
    const mid = drawingFor(long, 300).window!;
    expect(mid.to - mid.from).toBeGreaterThan(100);
    expect(300 - mid.from).toBeLessThan(mid.to - 300);
  });

  it('stepping inside the window keeps it; leaving it picks a new one', () => {
    const w = drawingFor(long, 300).window!;
    expect(inWindow(w, w.to)).toBe(true);
    expect(inWindow(w, w.to + 1)).toBe(false);
    expect(inWindow(w, w.from - 1)).toBe(false);
    expect(inWindow({ from: 1, to: 10, last: 99 }, 0)).toBe(true);
  });

  it('a smaller budget (after an error picture) gives a smaller window', () => {
    const a = drawingFor(long, 300).window!;
    const b = drawingFor(long, 300, 20_000).window!;
    expect(b.to - b.from).toBeLessThan(a.to - a.from);
    expect(drawingFor(long, 300, 20_000).diagram.text.length).toBeLessThanOrEqual(20_000);
  });

  it("recognises Mermaid's error pictures", () => {
    expect(isErrorPicture('<svg aria-roledescription="error">')).toBe(true);
    expect(isErrorPicture('<svg><text>Maximum text size in diagram exceeded</text></svg>')).toBe(
      true,
    );
    expect(isErrorPicture('<svg aria-roledescription="sequence">')).toBe(false);
  });
});

describe('arrowTarget', () => {
  it("geo-v2-clean: the replicator's E3 arrow to broker-2 is a send at us-west with the send faults", () => {
    const r = trace(builtinById('geo-v2-clean'));
    const d = toMermaid(r);
    const messages = d.items.filter((i) => i.kind === 'message');
    const hits = messages
      .map((_, i) => arrowTarget(r, d.items, i)!)
      .filter((t) => t.event.actor === 'replicator' && t.event.msgs.includes('E3'));
    expect(hits[0]).toMatchObject({
      cluster: 'us-west',
      event: { kind: 'receive', to: 'broker-2' },
    });
    expect(hits[0]!.kinds).toContain('checksum-corrupted');
    const receipt = messages
      .map((_, i) => arrowTarget(r, d.items, i)!)
      .find((t) => t.event.kind === 'response' && t.event.msgs.includes('E4'))!;
    expect(receipt.kinds).toEqual(['lose-receipt']);
    expect(arrowTarget(r, d.items, messages.length)).toBeNull();
    expect(arrowTarget(r, d.items, -1)).toBeNull();
  });
});
