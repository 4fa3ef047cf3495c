// Defect: on seed-003-a-go, pasting a scenario with another id (my-geo) and running it kept the
// text under both `dedup-lab-draft:my-geo` and `dedup-lab-draft:seed-003-a-go`, so the built-in's
// editor then showed my-geo's text, "Start from" showed the built-in, and nothing reopened my-geo.
// A draft is now kept under the id its text names, and the user's drafts are listed (Scenario
// picker and "Start from", "Your drafts") and can be reopened and deleted.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { draftIdFor, draftKey } from '../../src/ui/components/Editor/draft';
import { appStore } from '../../src/ui/store';
import { replaceText } from './editorText';
import { openEditor, pressEdit } from './openEditor';
import { startOnDirectRunner } from './startApp';

/** The review's user-written scenario (id my-geo), as they pasted it. */
const MY_GEO = readFileSync(resolve(__dirname, 'fixtures/my-geo.json'), 'utf8');

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const jsonBox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Scenario JSON' });
const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Scenario' });
const startFrom = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Start from' });
const shown = (s: HTMLSelectElement) => s.options[s.selectedIndex]?.textContent ?? '';

describe('the id a draft is kept under', () => {
  it('is the id the text names once it parses; a built-in never takes another id', () => {
    expect(draftIdFor('{"id": "my-geo", "x": 1}', 'seed-003-a-go')).toBe('my-geo');
    // Malformed: kept where it started, unless that is a built-in and the text names another id.
    expect(draftIdFor('{"id": "my-geo", "x": ', 'seed-003-a-go')).toBe('my-geo');
    expect(draftIdFor('{"id": "seed-003-a-go", "x": ', 'seed-003-a-go')).toBe('seed-003-a-go');
    expect(draftIdFor('{ broken', 'seed-003-a-go')).toBe('seed-003-a-go');
    expect(draftIdFor('{"id": "other", "x": ', 'my-geo')).toBe('my-geo');
    expect(draftIdFor('{"id": "", "x": 1}', 'my-geo')).toBe('my-geo');
  });
});

describe('user drafts', () => {
  it("pasting my-geo over seed-003-a-go and running it leaves the built-in's draft alone", async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(appStore.getState().scenarioId).toBe('seed-003-a-go');
    await replaceText(user, await pressEdit(user), MY_GEO);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    expect(appStore.getState().scenarioId).toBe('my-geo');

    expect(localStorage.getItem(draftKey('my-geo'))).toBe(MY_GEO);
    expect(localStorage.getItem(draftKey('seed-003-a-go'))).toBeNull();
    // Both lists show the scenario actually open.
    expect(startFrom().value).toBe('my-geo');
    expect(shown(startFrom())).toMatch(/^My geo: Go batching/);
    expect(shown(picker())).toMatch(/^My geo: Go batching/);
    const group = within(picker()).getByRole('group', { name: 'Your drafts' });
    expect(within(group).getByRole('option', { name: /My geo/ })).toBeInTheDocument();

    // The built-in is the built-in again.
    await user.selectOptions(picker(), 'seed-003-a-go');
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('seed-003-a-go'));
    const box = await jsonBox();
    await waitFor(() => expect(box.value).toMatch(/"id": "seed-003-a-go"/));
    expect(box.value).not.toMatch(/my-geo/);
    expect(startFrom().value).toBe('seed-003-a-go');

    // …and my-geo reopens from the picker's "Your drafts".
    await user.selectOptions(picker(), 'draft:my-geo');
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('my-geo'));
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    expect(appStore.getState().custom?.title).toMatch(/^My geo/);
    expect(picker().value).toBe('draft:my-geo');
    await waitFor(async () => expect((await jsonBox()).value).toBe(MY_GEO));
  });

  it('"Start from" reopens a draft in the editor, and Delete draft forgets only it', async () => {
    localStorage.setItem(draftKey('my-geo'), MY_GEO);
    localStorage.setItem(draftKey('lost-receipt-dedup-on'), '{"kept": true');
    const { user, box } = await openEditor('seed-003-b-go');
    expect(box.value).toMatch(/"id": "seed-003-b-go"/);
    const group = within(startFrom()).getByRole('group', { name: 'Your drafts' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My geo: Go batching into a replicated topic with bookies (my-geo)']);
    await user.selectOptions(startFrom(), 'my-geo');
    expect(box.value).toBe(MY_GEO);
    // Still the built-in on screen until Run.
    expect(appStore.getState().scenarioId).toBe('seed-003-b-go');

    await user.click(screen.getByRole('button', { name: 'Delete draft' }));
    expect(localStorage.getItem(draftKey('my-geo'))).toBeNull();
    expect(localStorage.getItem(draftKey('lost-receipt-dedup-on'))).toBe('{"kept": true');
    expect(box.value).toMatch(/"id": "seed-003-b-go"/);
    expect(startFrom().value).toBe('seed-003-b-go');
    expect(within(startFrom()).queryByRole('group', { name: 'Your drafts' })).toBeNull();
    expect(within(picker()).queryByRole('group', { name: 'Your drafts' })).toBeNull();
  });

  it('typing a new id letter by letter leaves one draft, under the final id', async () => {
    const { user, box } = await openEditor();
    const at = box.value.indexOf('seed-003-a-go') + 'seed-003-a-go'.length;
    box.setSelectionRange(at, at);
    await user.type(box, '-mine', { initialSelectionStart: at, initialSelectionEnd: at });
    expect(box.value).toMatch(/"id": "seed-003-a-go-mine"/);
    const keys = Object.keys(localStorage).filter((k) => k.startsWith('dedup-lab-draft:'));
    expect(keys).toEqual([draftKey('seed-003-a-go-mine')]);
    expect(startFrom().value).toBe('seed-003-a-go-mine');
  });

  it('a draft that does not validate is listed but not runnable from the picker', async () => {
    localStorage.setItem(draftKey('half-done'), '{"id": "half-done", "title": "Half done", ');
    render(<App />);
    const opt = within(picker()).getByRole<HTMLOptionElement>('option', { name: /Half done/ });
    expect(opt.disabled).toBe(true);
    expect(opt.textContent).toMatch(/does not validate/);
  });

  it('typing an id never overwrites or removes a draft that existed before, nor leaves one on a built-in it passes', async () => {
    const mine = MY_GEO.replace('"id": "my-geo"', '"id": "seed-003-a-go-mine"');
    const two = MY_GEO.replace('"id": "my-geo"', '"id": "my-geo2"');
    localStorage.setItem(draftKey('seed-003-a-go-mine'), mine);
    localStorage.setItem(draftKey('my-geo'), MY_GEO);
    localStorage.setItem(draftKey('my-geo2'), two);
    const { user, box } = await openEditor();

    // Back through the built-in's id, then on to another: no draft is left on the built-in.
    await user.selectOptions(startFrom(), 'seed-003-a-go-mine');
    let end = box.value.indexOf('seed-003-a-go-mine') + 'seed-003-a-go-mine'.length;
    await user.type(box, '{Backspace}'.repeat(5), {
      initialSelectionStart: end,
      initialSelectionEnd: end,
    });
    expect(box.value).toMatch(/"id": "seed-003-a-go",/);
    expect(startFrom().value).toBe('seed-003-a-go');
    end = box.value.indexOf('seed-003-a-go') + 'seed-003-a-go'.length;
    await user.type(box, '-2', { initialSelectionStart: end, initialSelectionEnd: end });
    expect(localStorage.getItem(draftKey('seed-003-a-go'))).toBeNull();
    expect(localStorage.getItem(draftKey('seed-003-a-go-2'))).toBe(box.value);
    expect(localStorage.getItem(draftKey('seed-003-a-go-mine'))).toBe(mine);

    // Back through another draft's id (my-geo2 → my-geo → my-geo3): my-geo is left as it was.
    await user.selectOptions(startFrom(), 'my-geo2');
    end = box.value.indexOf('my-geo2') + 'my-geo2'.length;
    await user.type(box, '{Backspace}', { initialSelectionStart: end, initialSelectionEnd: end });
    expect(box.value).toMatch(/"id": "my-geo",/);
    expect(localStorage.getItem(draftKey('my-geo'))).toBe(MY_GEO);
    expect(localStorage.getItem(draftKey('my-geo2'))).toBe(box.value);
    end = box.value.indexOf('my-geo') + 'my-geo'.length;
    await user.type(box, '3', { initialSelectionStart: end, initialSelectionEnd: end });
    expect(localStorage.getItem(draftKey('my-geo3'))).toBe(box.value);
    expect(localStorage.getItem(draftKey('my-geo'))).toBe(MY_GEO);
    expect(startFrom().value).toBe('my-geo3');
    const ids = Object.keys(localStorage)
      .filter((k) => k.startsWith('dedup-lab-draft:'))
      .sort();
    expect(ids).toEqual(
      ['my-geo', 'my-geo2', 'my-geo3', 'seed-003-a-go-2', 'seed-003-a-go-mine'].map(draftKey),
    );
  });
});
