// The Broker dedup panel after a dedup snapshot and after the purge of an inactive producer
// (docs/research/dedup-snapshot.md): the snapshot's position and names, who is inactive, who was
// purged — what a reader needs to see why a reload or a resend came out as it did.
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { selectScenario, setCursor, setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(async () => {
  setRunner(directRunner);
  await start();
});

const at = (step: number) => {
  act(() => setCursor(step));
  return render(<Panels />);
};

describe('Broker dedup panel: snapshots and the purge', () => {
  it('dedup-snapshot-frees-trim: no snapshot line before M2 is written; after it, 10:1 with p1=1', async () => {
    await selectScenario('dedup-snapshot-frees-trim');
    const first = at(7);
    expect(screen.queryByTestId('dedup-snapshot-local')).toBeNull();
    first.unmount();
    at(8);
    expect(screen.getByTestId('dedup-snapshot-local')).toHaveTextContent('Snapshot at 10:1: p1=1');
  });

  it('dedup-purge-inactive-producer: p1 inactive after the drop, purged after the purge, its row gone', async () => {
    await selectScenario('dedup-purge-inactive-producer');
    const dropped = at(5);
    expect(screen.getByTestId('dedup-inactive-local')).toHaveTextContent('p1');
    expect(screen.getByTestId('dedup-local')).toHaveTextContent('p1');
    dropped.unmount();
    at(6);
    expect(screen.queryByTestId('dedup-inactive-local')).toBeNull();
    expect(screen.getByTestId('dedup-purged-local')).toHaveTextContent('Purged as inactive: p1');
    expect(screen.getByTestId('dedup-local')).toHaveTextContent('No producer recorded yet.');
  });
});
