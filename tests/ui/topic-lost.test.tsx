// The Topic panel on a replication target tells a lost message (the replicator deleted it at the
// source and the target lacks it) from one not replicated yet. The review: from step 0 of seed 000
// E3, E4, E5 read in red as "missing" at us-west, so the one real loss (E3 at the end) did not
// stand out.
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor, setFixes } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-000-checksum-corrupted');
});

const at = (text: string) =>
  appStore.getState().result!.steps.find((s) => s.events.some((e) => e.text.includes(text)))!.index;

describe('Topic panel: lost apart from not replicated yet', () => {
  it('seed 000 in flight: E3, E4, E5 not replicated yet, nothing lost', () => {
    act(() => setCursor(at('checksum-error on E3')));
    render(<Panels />);
    expect(screen.queryByTestId('missing-us-west')).toBeNull();
    expect(screen.getByTestId('not-replicated-us-west')).toHaveTextContent(
      'not replicated yet (us-east keeps them for the replicator): E3, E4, E5',
    );
  });

  it('seed 000 at the end: E3 lost (red), nothing else missing', () => {
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    const lost = screen.getByTestId('missing-us-west');
    expect(lost).toHaveTextContent('missing and lost (the replicator deleted it at us-east): E3');
    expect(lost).toHaveClass('bad');
    expect(screen.queryByTestId('not-replicated-us-west')).toBeNull();
  });

  it('guard-rewind: the replicator stops; what us-west lacks is kept at us-east, not lost', async () => {
    await setFixes(['guard-rewind']);
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    expect(screen.queryByTestId('missing-us-west')).toBeNull();
    expect(screen.getByTestId('not-replicated-us-west')).toHaveTextContent(/\): E3\b/);
    expect(screen.getByTestId('panel-replicator')).toHaveTextContent('Terminated');
  });
});
