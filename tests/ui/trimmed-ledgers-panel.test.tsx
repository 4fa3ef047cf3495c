// The Topic panel's ledgers after a trim (`trim-topic`, docs/research/trimming.md): a ledger the
// trim deleted leaves the list of ledgers a reader reaches, and is shown apart as deleted by a trim
// with what it held — "stored" alone would read as if M1 and M2 had never been written.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadScenario, panelsOf, run } from '../../src/engine';
import { TopicPanel } from '../../src/ui/components/Panels/Topic';

const scenario = (faults: unknown[]) => ({
  format: 'dedup-lab/scenario@1',
  id: 'trim-panel',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
  topic: { maxEntriesPerLedger: 2 },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub' }],
  workload: ['M1', 'M2', 'M3'].map((send) => ({ send, producer: 'p1' })),
  faults,
});

const lastPanels = (faults: unknown[]) => {
  const l = loadScenario(scenario(faults));
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  const steps = run(l.config, l.schedule).steps;
  return panelsOf(steps[steps.length - 1]!.world, steps[steps.length - 2]!.world);
};

describe('the Topic panel after a trim', () => {
  it('ledger 10 is shown as deleted by a trim, with M1 and M2; ledger 11 is listed with M3; stored reads M3', () => {
    const panels = lastPanels([
      { kind: 'trim-topic', cluster: 'local', after: { when: 'quiescent' } },
    ]);
    render(<TopicPanel topics={panels.topics} />);
    const card = screen.getByTestId('topic-local');
    expect(screen.getByTestId('trimmed-ledger-local-10')).toHaveTextContent(
      'ledger 10 (deleted by a trim)2 entries (M1, M2), consumed by every durable cursor: no reader gets them any more',
    );
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['11:0 M3 seq 2']);
    expect(card.querySelector('.card-head')).toHaveTextContent('stored: M3');
    // The trim is the last step: the ledgers block is marked changed.
    expect(screen.getByTestId('trimmed-ledger-local-10').parentElement).toHaveClass('changed');
  });

  it('without a trim: no deleted ledger, and the view has no trimmed field', () => {
    const panels = lastPanels([]);
    expect('trimmed' in panels.topics[0]!).toBe(false);
    render(<TopicPanel topics={panels.topics} />);
    expect(screen.queryByTestId('trimmed-ledger-local-10')).toBeNull();
    expect(within(screen.getByTestId('topic-local')).getAllByRole('listitem')).toHaveLength(3);
  });
});
