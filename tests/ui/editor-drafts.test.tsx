// Defect: the editor kept one draft for all scenarios, so text typed in lost-receipt-dedup-on's
// editor showed up after switching to seed-003-b-go. Drafts are now kept per scenario id, and a
// malformed draft still comes back after a reload exactly as typed, with its error.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { draftKey, LEGACY_DRAFT_KEY } from '../../src/ui/components/Editor/draft';
import { appStore, selectScenario, setRunner } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { replaceText } from './editorText';
import { openEditor, pressEdit } from './openEditor';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const jsonBox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Scenario JSON' });
const picker = () => screen.getByRole('combobox', { name: 'Scenario' });

describe('editor drafts are per scenario', () => {
  it("switching scenarios with the editor open shows each scenario's own draft or JSON", async () => {
    const { user, box } = await openEditor('lost-receipt-dedup-on');
    expect(box.value).toMatch(/"id": "lost-receipt-dedup-on"/);
    const typed = box.value.replace(/"title": "[^"]*"/, '"title": "My lost receipt"');
    await replaceText(user, box, typed);

    await user.selectOptions(picker(), 'seed-003-b-go');
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('seed-003-b-go'));
    const other = await jsonBox();
    await waitFor(() => expect(other.value).toMatch(/"id": "seed-003-b-go"/));
    expect(other.value).not.toMatch(/My lost receipt/);
    expect(screen.getByTestId('editor-valid')).toHaveTextContent(
      'Seed 003 row (b), Go client: a resent non-first id looks new',
    );

    await user.selectOptions(picker(), 'lost-receipt-dedup-on');
    await waitFor(() =>
      expect((screen.getByLabelText('Scenario JSON') as HTMLTextAreaElement).value).toBe(typed),
    );
  });

  it('closing and reopening the editor on another scenario does not bring the first draft', async () => {
    const { user, box } = await openEditor('lost-receipt-dedup-on');
    await replaceText(user, box, box.value.replace('"M2"', '"M9"'));
    await user.click(screen.getByRole('button', { name: 'Close editor' }));
    await user.selectOptions(picker(), 'seed-003-b-go');
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    const again = await pressEdit(user);
    expect(again.value).toMatch(/"id": "seed-003-b-go"/);
    expect(localStorage.getItem(draftKey('seed-003-b-go'))).toBeNull();
    expect(localStorage.getItem(draftKey('lost-receipt-dedup-on'))).toMatch(/"M9"/);
  });

  it('a malformed draft survives a reload exactly as typed, with its error', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const user = userEvent.setup();
    const first = render(<App />);
    const box = await pressEdit(user);
    const malformed = `${box.value.slice(0, 200)}\n  "oops": [1, 2,`;
    await replaceText(user, box, malformed);
    expect(screen.getByTestId('editor-errors')).toBeInTheDocument();
    first.unmount();

    // A reload: a fresh store on the same scenario (the link in the address), a fresh editor.
    setRunner(directRunner);
    await selectScenario('lost-receipt-dedup-on');
    render(<App />);
    const reopened = await pressEdit(user);
    expect(reopened.value).toBe(malformed);
    expect(screen.getByTestId('editor-errors').textContent).not.toBe('');
    expect(screen.queryByTestId('editor-valid')).toBeNull();
  });

  it('Discard draft gives back the scenario JSON and forgets only that draft', async () => {
    localStorage.setItem(draftKey('seed-003-b-go'), '{"kept": true');
    const { user, box } = await openEditor('lost-receipt-dedup-on');
    await replaceText(user, box, '{ broken');
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect((await jsonBox()).value).toMatch(/"id": "lost-receipt-dedup-on"/);
    expect(localStorage.getItem(draftKey('lost-receipt-dedup-on'))).toBeNull();
    expect(localStorage.getItem(draftKey('seed-003-b-go'))).toBe('{"kept": true');
  });

  it('the single draft of before goes to the scenario its text names', async () => {
    const old = '{\n  "id": "seed-003-b-go",\n  "title": "old draft",';
    localStorage.setItem(LEGACY_DRAFT_KEY, old);
    const { user, box } = await openEditor('lost-receipt-dedup-on');
    expect(box.value).toMatch(/"id": "lost-receipt-dedup-on"/);
    await user.selectOptions(picker(), 'seed-003-b-go');
    await waitFor(() =>
      expect((screen.getByLabelText('Scenario JSON') as HTMLTextAreaElement).value).toBe(old),
    );
    expect(localStorage.getItem(draftKey('seed-003-b-go'))).toBe(old);
    expect(localStorage.getItem(LEGACY_DRAFT_KEY)).toBeNull();
  });
});
