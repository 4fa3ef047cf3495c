// UX review 13 (docs/research/ux-review-13.md), in jsdom.
// - The editor's form: a Workload line that does not parse stays in its field, out of the JSON,
//   while "Valid" showed in green and Run ran the workload from before the edit. It now says the
//   field is not in the JSON, and Run waits. "1 workload steps" reads "1 workload step".
// - geo-chunked-v1-pr-20948: us-west holds only M1[1/2], and no-silent-loss names M1 lost, but
//   the replicator's strip read "10:0 M1 MD · 10:1 M1 MD" with no LOST, us-west's Topic card did
//   not list M1 as missing, and Copy for GitHub's state said "every message stored at us-east is
//   here too": a chunk stored was counted as its message stored. A chunked message now counts once
//   its chunks assemble, as the invariants and a consumer read it; the strip names the chunks.
import { render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { stateSummary } from '../../src/ui/share/summary';
import { appStore, selectScenario, setCursor, setFixes } from '../../src/ui/store';
import { openEditor } from './openEditor';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

/** The step at which `text` first appears among the events of `actor`. */
function stepOf(text: string, actor: string): number {
  const steps = appStore.getState().result!.steps;
  const at = steps.findIndex((s) =>
    s.events.some((e) => e.actor === actor && e.text.includes(text)),
  );
  if (at < 0) throw new Error(`no step of ${actor} says ${text}`);
  return at;
}

const strip = () =>
  within(screen.getByTestId('panel-replicator')).getByRole('list', {
    name: 'Source entries at us-east',
  });
const entry = (position: string) => strip().querySelector(`[data-position="${position}"]`)!;

describe('a replicated chunked message that us-west cannot assemble is lost in every panel', () => {
  it('geo-chunked-v1-pr-20948 at the violation: both chunks LOST, named M1[1/2] and M1[2/2]; us-west misses M1', async () => {
    await selectScenario('geo-chunked-v1-pr-20948');
    const violation = appStore.getState().result!.violations[0]!;
    expect(violation.detail).toBe(
      'M1 (us-east 10:0–10:1) was deleted by the replicator (mark-delete 10:1) but us-west does not store it',
    );
    act(() => setCursor(violation.step));
    render(<Panels />);
    expect(entry('10:0').getAttribute('aria-label')).toBe(
      '10:0 M1[1/2]: mark-deleted, deleted but not at the remote',
    );
    expect(entry('10:1').getAttribute('aria-label')).toBe(
      '10:1 M1[2/2]: mark-deleted, deleted but not at the remote',
    );
    expect(entry('10:0')).toHaveTextContent('10:0M1[1/2]MDLOST');
    expect(screen.getByTestId('missing-us-west')).toHaveTextContent(
      'missing and lost (the replicator deleted it at us-east): M1',
    );
    expect(screen.getByTestId('topic-us-west')).toHaveTextContent(
      'stored: nothing yet · M1 incomplete (chunk 1 of 2)',
    );
    expect(stateSummary(appStore.getState().result!, violation.step)).toContain(
      'topic @us-west (owner broker-2, dedup on): nothing stored; stored at us-east but not here: M1;',
    );
  });

  it('before the second chunk is sent back, M1[1/2] deleted alone is not lost yet: its set is not all deleted', async () => {
    await selectScenario('geo-chunked-v1-pr-20948');
    const first = stepOf('asyncDelete(10:0)', 'replicator-cursor');
    act(() => setCursor(first));
    render(<Panels />);
    expect(entry('10:0').getAttribute('aria-label')).toBe('10:0 M1[1/2]: mark-deleted');
    expect(entry('10:1').getAttribute('aria-label')).toBe('10:1 M1[2/2]: in flight');
    // Late, not lost: us-west lacks M1 while its second chunk is on its way.
    expect(screen.queryByTestId('missing-us-west')).toBeNull();
    expect(screen.getByTestId('topic-us-west')).toHaveTextContent('M1 incomplete (chunk 1 of 2)');
    expect(stateSummary(appStore.getState().result!, first)).toContain(
      'stored at us-east but not here: M1;',
    );
  });

  it('with pr-20948 us-west assembles M1: no LOST, nothing missing', async () => {
    await selectScenario('geo-chunked-v1-pr-20948');
    await setFixes(['pr-20948']);
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    expect(strip().querySelectorAll('abbr[title^="deleted at the source"]')).toHaveLength(0);
    expect(screen.queryByTestId('missing-us-west')).toBeNull();
    expect(screen.getByTestId('topic-us-west')).toHaveTextContent('stored: M1, M2');
    expect(
      stateSummary(appStore.getState().result!, appStore.getState().result!.steps.length - 1),
    ).toContain('every message stored at us-east is here too');
  });
});

describe('the geo producer on a V1 connection says why it lists no Case', () => {
  // GeoReplicationProducerImpl.ackReceived: "Repl V1 is the same as normal for this handling" —
  // super.ackReceived matches by sequence id; no Case runs and lastPersistedSource never moves.
  it('seed 002 Issue-1 at its violation: not “receipts: none yet” beside the -1:-1 receipt that completed M3', async () => {
    await selectScenario('seed-002-issue-1');
    const violation = appStore.getState().result!.violations[0]!;
    const receipt = appStore
      .getState()
      .result!.steps[violation.step]!.events.find((e) => e.to === 'replicator');
    expect(receipt?.text).toBe('receipt M1 seq 0 at -1:-1');
    act(() => setCursor(violation.step));
    render(<Panels />);
    const producer = screen.getByTestId('geo-producer');
    expect(producer).toHaveTextContent('V1 connection');
    expect(within(producer).getByTestId('receipts-none')).toHaveTextContent(
      'no Case: on a V1 connection ackReceived is ProducerImpl’s, matching each receipt by sequence id (see the diagram)',
    );
    expect(producer).toHaveTextContent('lastPersistedSource0:0 (moved only by V2’s Case-3)');
  });

  it('a V2 connection keeps its Case list and its plain lastPersistedSource', async () => {
    await selectScenario('geo-v2-clean');
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    const producer = screen.getByTestId('geo-producer');
    expect(producer).toHaveTextContent('V2 connection (by source position)');
    expect(within(producer).getByTestId('receipt-cases')).toHaveTextContent('Case-3');
    expect(within(producer).queryByTestId('receipts-none')).toBeNull();
    expect(producer).not.toHaveTextContent('moved only by');
  });
});

describe('the editor’s form: a line that does not parse is not in the JSON, and Run waits for it', () => {
  it('go-chunked-dedup-pr-20948: “send M1 p1 sise=6000000” is named, Run is disabled; fixed, the JSON has it and Run runs it', async () => {
    const { user, box: json } = await openEditor('go-chunked-dedup-pr-20948');
    const before = json.value;
    expect(screen.getByTestId('editor-valid')).toHaveTextContent('(1 producer, 1 workload step).');
    const workload = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Workload' });
    // Pasted over the field's text in one edit, as a user pastes a prepared workload.
    const paste = async (text: string) => {
      workload.focus();
      workload.setSelectionRange(0, workload.value.length);
      await user.paste(text);
    };
    await paste('send M1 p1 sise=6000000\nsend M2 p1');
    const unapplied = screen.getByTestId('editor-unapplied');
    expect(unapplied).toHaveTextContent(
      'Not in the JSON yet: the form’s Workload does not parse, and the JSON still holds the last text that did — Run waits for it.',
    );
    expect(unapplied).toHaveTextContent(
      'Workload: line 1: "sise=6000000" — expected seq=…, size=…',
    );
    expect(json.value).toBe(before);
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    // The JSON's own verdict stands, but not in the green of an all-clear (UX review 14, finding 9).
    const valid = screen.getByTestId('editor-valid');
    expect(valid).toHaveTextContent('The JSON as it stands is valid: ');
    expect(valid).not.toHaveClass('ok');

    // The typo fixed: the line parses, the JSON takes both sends, and Run runs them.
    await paste('send M1 p1 size=6000000\nsend M2 p1');
    expect(screen.queryByTestId('editor-unapplied')).toBeNull();
    expect(screen.getByTestId('editor-valid')).toHaveTextContent('(1 producer, 2 workload steps).');
    expect(screen.getByTestId('editor-valid')).toHaveTextContent(/^Valid: /);
    expect(screen.getByTestId('editor-valid')).toHaveClass('ok');
    expect(JSON.parse(json.value).workload).toEqual([
      { send: 'M1', producer: 'p1', size: 6000000 },
      { send: 'M2', producer: 'p1' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(Object.keys(appStore.getState().result!.steps.at(-1)!.world.sendsOf)).toEqual([
        'M1',
        'M2',
      ]),
    );
  });
});
