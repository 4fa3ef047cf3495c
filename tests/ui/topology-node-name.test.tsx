// UX review 14: a topology node's name is held to its node. Two-way replication's replicator
// nodes read "replicator us-east → u…" and "replicator us-west →…" at 1024 px, their names running
// past the node under the ⋯ button and over the neighbour: what was cut was the direction, the one
// thing that tells them apart. The node now shows "⇄ us-east → us-west" (the ⇄ says replicator;
// the pointer text and the screen reader's label keep the whole name), and when even that does
// not fit, the source gives way and "→ us-west" stays (the e2e test measures it at 1024 px).
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { nameParts } from '../../src/ui/components/Topology/ComponentNode';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('a topology node names itself within its box', () => {
  it('a replicator: its clusters, the destination apart (never cut); other nodes whole', () => {
    expect(nameParts({ kind: 'replicator', label: 'replicator us-east → us-west' })).toEqual({
      head: 'us-east',
      tail: '→ us-west',
    });
    expect(nameParts({ kind: 'broker', label: 'broker-1' })).toEqual({
      head: 'broker-1',
      tail: null,
    });
    expect(nameParts({ kind: 'metadata', label: 'metadata store (local)' })).toEqual({
      head: 'metadata store (local)',
      tail: null,
    });
  });

  it('geo-two-way: both replicators drawn by direction, their whole names on the pointer and to a screen reader', async () => {
    await selectScenario('geo-two-way');
    render(<App />);
    const panel = screen.getByTestId('panel-topology');
    for (const [from, to] of [
      ['us-east', 'us-west'],
      ['us-west', 'us-east'],
    ]) {
      const open = await within(panel).findByRole('button', {
        name: `Open the panel of replicator ${from} → ${to}`,
      });
      expect(open).toHaveAttribute('title', `replicator ${from} → ${to}`);
      expect(open.querySelector('.topo-name-head')).toHaveTextContent(new RegExp(`^${from}$`));
      expect(open.querySelector('.topo-name-tail')).toHaveTextContent(new RegExp(`^→ ${to}$`));
    }
  });
});
