// The editor answers Run and points at a syntax error (UX review 6, in Chromium at 1024 × 700: Run
// on a new scenario changed nothing in view, the run being below the editor; a broken JSON said
// "(line 24 column 5) (line 24, column 5)" and left the reader to count thirty lines). Run now says
// what the run did and offers to go there; the error says its place once, as a button that puts
// the caret there. The text typed is kept.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { whereIn } from '../../src/ui/components/Editor/feedback';
import { appStore } from '../../src/ui/store';
import { replaceText } from './editorText';
import { openEditor } from './openEditor';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

/** A small Go scenario with batching bounded by bytes: M3 does not fit beside M1 and M2. */
const goBatching = JSON.stringify(
  {
    format: 'dedup-lab/scenario@1',
    id: 'go-batch-bytes',
    title: 'Go batching by bytes',
    topic: { deduplication: true },
    producers: [{ name: 'g1', client: 'go', batching: { maxMessages: 10, maxBytes: 1000 } }],
    workload: [
      { send: 'M1', producer: 'g1', size: 400 },
      { send: 'M2', producer: 'g1', size: 400 },
      { send: 'M3', producer: 'g1', size: 400 },
      { send: 'M4', producer: 'g1', size: 100 },
    ],
  },
  null,
  2,
);

describe('editor: Run says what it did; a syntax error says where', () => {
  it('Run on a new Go scenario: the steps and violations in one line, and Show the run focuses the diagram', async () => {
    const { user, box } = await openEditor('lost-receipt-dedup-on');
    await replaceText(user, box, goBatching);
    expect(screen.queryByTestId('editor-ran')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('go-batch-bytes'));
    const s = appStore.getState();
    const last = s.result!.steps.length - 1;
    // The run itself: two batches, M1+M2 then M3+M4 (M3 does not fit in 1000 bytes).
    expect(s.result!.stored.local).toEqual(['M1', 'M2', 'M3', 'M4']);
    const ran = await screen.findByTestId('editor-ran');
    expect(ran).toHaveTextContent(`Ran: ${last} steps, no invariant violated.`);
    expect(screen.getByTestId('step-label')).toHaveTextContent(`Step 0 of ${last}`);
    await user.click(within(ran).getByRole('button', { name: 'Show the run' }));
    expect(document.activeElement).toBe(screen.getByTestId('diagram'));

    // Edited again: the line goes (it spoke of the text that ran).
    await user.type(box, ' ');
    expect(screen.queryByTestId('editor-ran')).toBeNull();
  });

  it('a violation is named with its step', async () => {
    const { user, box } = await openEditor('seed-000-checksum-corrupted');
    await replaceText(
      user,
      box,
      box.value.replace('"id": "seed-000-checksum-corrupted"', '"id": "my-seed-000"'),
    );
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const ran = await screen.findByTestId('editor-ran');
    const v = appStore.getState().result!.violations[0]!;
    expect(ran).toHaveTextContent(`violated: no-silent-loss at step ${v.step}.`);
  });

  it('a missing comma: the place said once, as a button that puts the caret there; the text is kept', async () => {
    const { user, box } = await openEditor('lost-receipt-dedup-on');
    const broken = goBatching.replace(
      '"size": 400\n    },\n    {\n      "send": "M2"',
      '"size": 400\n    }\n    {\n      "send": "M2"',
    );
    expect(broken).not.toBe(goBatching);
    await replaceText(user, box, broken);
    const errors = await screen.findByTestId('editor-errors');
    const go = within(errors).getByRole('button', { name: /^line \d+, column \d+$/ });
    const [, line, column] = /line (\d+), column (\d+)/.exec(go.textContent!)!.map(Number);
    // The line the parser stopped at is the one after the missing comma: `{` of M2.
    expect(broken.split('\n')[line! - 1]!.trim()).toBe('{');
    expect(errors.textContent!.match(/line \d+,? column \d+/g)).toHaveLength(1);
    expect(box.value).toBe(broken);

    await user.click(go);
    expect(document.activeElement).toBe(box);
    const before =
      broken
        .split('\n')
        .slice(0, line! - 1)
        .join('\n').length + 1;
    expect(box.selectionStart).toBe(before + column! - 1);
    expect(box.value).toBe(broken);
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
  });

  it("whereIn drops Chromium's own place and keeps the loader's", () => {
    expect(
      whereIn(
        "not valid JSON: Expected ',' or ']' after array element in JSON at position 392 (line 24 column 5) (line 24, column 5)",
      ),
    ).toEqual({
      message: "not valid JSON: Expected ',' or ']' after array element in JSON at position 392",
      line: 24,
      column: 5,
    });
    expect(whereIn('expected an integer, got "1000"')).toBeNull();
  });
});
