// A first scenario written in the app (UX review 6): the format help names the fields and the
// fault kinds, its small example validates and runs, and a JSON syntax error says which line.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FAULT_KINDS, outcomesOf, parseScenarioText } from '../../src/engine';
import { MINIMAL_EXAMPLE } from '../../src/ui/components/Editor/FormatHelp';
import { appStore } from '../../src/ui/store';
import { replaceText } from './editorText';
import { openEditor } from './openEditor';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

describe('the editor explains the format', () => {
  it('lists every fault kind with its words; the small example runs: M1 Dup-completed, M2 stored', async () => {
    const { user } = await openEditor();
    const help = await screen.findByTestId('editor-format');
    await user.click(within(help).getByText(/^Format help/));
    for (const k of FAULT_KINDS) expect(within(help).getByText(k)).toBeInTheDocument();
    expect(help).toHaveTextContent('lose-receipt — a receipt is lost');
    expect(help).toHaveTextContent('required, kebab-case');
    // Every top-level field the loader accepts has its line, and each kind its plan fields.
    for (const k of ['references', 'subscriptions', 'replication', 'explore', 'expect'])
      expect(within(help).getByText(k)).toBeInTheDocument();
    expect(help).toHaveTextContent('localBufferCorrupted? (default true)');
    expect(help).toHaveTextContent('workload{send, producer[, seq, size]}');

    await user.click(within(help).getByRole('button', { name: 'Use the small example' }));
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Scenario JSON' });
    expect(box.value).toBe(MINIMAL_EXAMPLE);
    expect(screen.getByTestId('editor-valid')).toHaveTextContent(
      'Valid: My scenario: a lost receipt with deduplication on (1 producer, 2 workload steps).',
    );
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('my-lost-receipt'));
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    const r = appStore.getState().result!;
    expect(r.violations).toEqual([]);
    // The lost receipt: M1 was stored, its resend answered as a duplicate (-1:-1); M2 stored once.
    const out = outcomesOf(r.steps.at(-1)!.world);
    expect(out.M1!.join(' / ')).toMatch(/completed -1:-1/);
    expect(out.M2).toEqual(['stored at 10:1']);
  });

  it('a first attempt full of mistakes: each error names its field; a syntax error its line', async () => {
    const bad = `{
  "id": "My Test",
  "title": "my lost message",
  "producers": [{"name": "p1", "client": "java", "cluster": "b"}],
  "workload": [{"send": "M1", "producer": "p1"}],
  "faults": [{"kind": "lose-reciept", "message": "M1"}],
}`;
    const loaded = parseScenarioText(bad);
    expect(loaded.ok).toBe(false);
    const msg = !loaded.ok ? loaded.errors[0]!.message : '';
    // The engine's loader says where, so the CLI prints it too.
    expect(msg).toMatch(/ \(line 7, column 1\)$/);

    const { user, box } = await openEditor();
    await replaceText(user, box, bad);
    expect(screen.getByTestId('editor-errors')).toHaveTextContent(/\(line 7, column 1\)/);
    await replaceText(user, box, bad.replace('],\n}', ']\n}'));
    const errors = screen.getByTestId('editor-errors');
    expect(errors).toHaveTextContent('$.format: expected "dedup-lab/scenario@1"');
    expect(errors).toHaveTextContent('$.id: expected a kebab-case id, got "My Test"');
    expect(errors).toHaveTextContent('got "lose-reciept"');
  });
});
