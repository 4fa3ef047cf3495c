// Message TTL in the panels (session 10 walk of 01669ac at 1440 px). The Topic panel said of the
// entries a message TTL expired before they were replicated "missing and lost (the replicator
// deleted them at us-east)" — the replicator never read them. And the replicator's strip said
// "expired by the message TTL" only to a screen reader (the aria-label): on screen M1 and M2 read
// "MD LOST" like entries the replicator deleted. Both now say the TTL did it.
import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('message TTL in the Topic and Replicator panels', () => {
  it('geo-ttl-expires-backlog at the end: M1, M2 lost to the TTL (not deleted by the replicator); TTL flags on screen', async () => {
    await selectScenario('geo-ttl-expires-backlog');
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    const expired = screen.getByTestId('expired-us-west');
    expect(expired).toHaveTextContent(
      'missing and lost (the message TTL expired them at us-east before they were replicated): M1, M2',
    );
    expect(expired).toHaveClass('bad');
    expect(screen.queryByTestId('missing-us-west')).toBeNull();

    const repl = screen.getByTestId('panel-replicator');
    const strip = within(repl).getByRole('list', { name: 'Source entries at us-east' });
    const flagged = [...strip.querySelectorAll('abbr[title="expired by the message TTL"]')].map(
      (a) => a.closest('li')!.getAttribute('data-position'),
    );
    expect(flagged).toEqual(['10:0', '10:1']);
    expect(strip.querySelector('[data-position="10:0"]')).toHaveTextContent('10:0M1MDTTLLOST');
    expect(repl.querySelector('.strip-legend')).toHaveTextContent('TTL expired by the message TTL');
  });

  it('seed 000 (no TTL): the replicator deleted E3; no TTL flag, the legend as before', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    expect(screen.getByTestId('missing-us-west')).toHaveTextContent(
      'missing and lost (the replicator deleted it at us-east): E3',
    );
    expect(screen.queryByTestId('expired-us-west')).toBeNull();
    const repl = screen.getByTestId('panel-replicator');
    expect(repl.querySelectorAll('abbr[title="expired by the message TTL"]')).toHaveLength(0);
    expect(repl.querySelector('.strip-legend')).not.toHaveTextContent('TTL');
  });
});
