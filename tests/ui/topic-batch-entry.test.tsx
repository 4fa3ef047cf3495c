// UX review 14: a batch entry in the Topic panel is one entry, written as the diagram writes its
// arrow ("M0+M1+M2 seq 0") and the pending queue writes its op. It was a chip per message with
// nothing between them, so a copied panel or a screen reader read "10:0 M0M1M2 seq 0".
import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

it('seed-003-b-go at its end: ledger 10 lists "10:0 M0+M1+M2", then M1 again at 10:1', async () => {
  await selectScenario('seed-003-b-go');
  const last = appStore.getState().result!.steps.length - 1;
  act(() => setCursor(last));
  render(<App />);
  const entries = within(screen.getByTestId('panel-topic'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(entries).toEqual([
    '10:0 M0+M1+M2 seq 0 (no highest_sequence_id)',
    '10:1 M1 seq 1',
    '10:2 M3 seq 3',
  ]);
});
