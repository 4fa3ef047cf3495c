// UX review 13, finding 9: the Messages panel judges the step shown, the Invariants panel quotes
// each violation at the step it first held. Seed 002 at step 40 told M3's loss with mark-delete
// 10:3 in one and 10:2 in the other, with nothing saying which step either was. A flag now says
// since when it holds and, when its words moved on, how it read then; a loss that held at an
// earlier step and not at this one (go-chunked-timeout-early-success's M1, stored whole two steps
// after the callback) stays listed as past.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { movedWords } from '../../src/ui/components/Panels/sinceWords';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const messages = () => screen.getByTestId('panel-outcomes');
const invariants = () => screen.getByTestId('panel-invariants');
const M3_THEN =
  'M3 (us-east 10:2) was deleted by the replicator (mark-delete 10:2) but us-west does not store it';
const M3_NOW =
  'M3 (us-east 10:2) was deleted by the replicator (mark-delete 10:3) but us-west does not store it';

describe('seed 002: one loss, two mark-deletes, each said with its step', () => {
  it("at step 40 the Messages panel reads mark-delete 10:3 as this step's, and quotes step 28 as the Invariants panel does", async () => {
    await selectScenario('seed-002-issue-1');
    const last = appStore.getState().result!.steps.length - 1;
    expect(last).toBe(40);
    render(<Panels />);
    act(() => setCursor(last));
    await waitFor(() =>
      expect(within(messages()).getByTestId('outcome-flag-M3')).toHaveTextContent(M3_NOW),
    );
    expect(within(messages()).getByTestId('outcome-flag-M3')).toHaveTextContent(
      `no-silent-loss ${M3_NOW} — as it reads at step 40; at step 28, where it first held (the Invariants panel quotes that step), it read “(mark-delete 10:2)” where it now reads “(mark-delete 10:3)”`,
    );
    expect(invariants()).toHaveTextContent(`no-silent-loss at step 28${M3_THEN}`);
    // M4's words have not changed since step 30: only the step is said.
    expect(within(messages()).getByTestId('outcome-flag-M4')).toHaveTextContent(
      'no-silent-loss M4 (us-east 10:3) was deleted by the replicator (mark-delete 10:3) but us-west does not store it — since step 30',
    );
  });

  it('at step 28 the loss is new: "first held at this step"; at step 27 nothing is flagged', async () => {
    await selectScenario('seed-002-issue-1');
    render(<Panels />);
    act(() => setCursor(28));
    await waitFor(() =>
      expect(within(messages()).getByTestId('outcome-flag-M3')).toHaveTextContent(
        `${M3_THEN} — first held at this step`,
      ),
    );
    expect(within(messages()).getByTestId('outcome-M3')).toHaveClass('outcome-bad');
    act(() => setCursor(27));
    await waitFor(() => expect(within(messages()).queryByTestId('outcome-flag-M3')).toBeNull());
    expect(within(messages()).queryByTestId('outcome-past-M3')).toBeNull();
  });
});

describe('go-chunked-timeout-early-success: a loss that held at step 6 and not after', () => {
  it('at step 6 M1 is flagged: completed at 10:0 while local holds one chunk of two', async () => {
    await selectScenario('go-chunked-timeout-early-success');
    render(<Panels />);
    act(() => setCursor(6));
    await waitFor(() =>
      expect(within(messages()).getByTestId('outcome-flag-M1')).toHaveTextContent(
        'no-silent-loss M1 was completed as a success at 10:0 for p1, but local does not store it — first held at this step',
      ),
    );
    expect(within(messages()).getByTestId('outcome-M1')).toHaveTextContent(
      /stored at 10:0\s*nowhere/,
    );
    expect(within(messages()).getByTestId('outcome-M1')).toHaveClass('outcome-bad');
  });

  it('at the last step M1 is stored whole; the row still says the loss held at step 6, as a past note', async () => {
    await selectScenario('go-chunked-timeout-early-success');
    const last = appStore.getState().result!.steps.length - 1;
    render(<Panels />);
    act(() => setCursor(last));
    await waitFor(() =>
      expect(within(messages()).getByTestId('outcome-M1')).toHaveTextContent(
        /stored at 10:0\s*local 10:0–10:1/,
      ),
    );
    expect(within(messages()).queryByTestId('outcome-flag-M1')).toBeNull();
    expect(within(messages()).getByTestId('outcome-past-M1')).toHaveTextContent(
      'no-silent-loss held at step 6, not at this step: M1 was completed as a success at 10:0 for p1, but local does not store it',
    );
    expect(within(messages()).getByTestId('outcome-M1')).toHaveClass('outcome-note');
    expect(invariants()).toHaveTextContent(
      'no-silent-loss at step 6M1 was completed as a success at 10:0 for p1, but local does not store it',
    );
  });
});

describe('what moved between two wordings (movedWords)', () => {
  it('one position moved: that word, with the word before it', () => {
    expect(movedWords(M3_THEN, M3_NOW)).toEqual({
      then: '(mark-delete 10:2)',
      now: '(mark-delete 10:3)',
    });
  });
  it('a word put in: the word before it, then and now', () => {
    expect(movedWords('M1 is stored at local', 'M1 is stored twice at local')).toEqual({
      then: 'stored',
      now: 'stored twice',
    });
  });
  it('most of the sentence changed: null, and the panel quotes the whole of it', () => {
    expect(
      movedWords('M1 was completed as a success at 10:0', 'M2 is stored twice at us-west'),
    ).toBeNull();
  });
});
