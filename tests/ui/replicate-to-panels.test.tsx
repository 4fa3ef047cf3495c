// Per-message replication clusters in the panels: built-in geo-replicate-to-local sends M1 with
// replicate_to [us-east]. The replicator's strip says on screen and to a screen reader that it
// skipped M1's entry because its replicate_to excludes us-west — not LOST — and us-west's Topic
// card does not list M1 as missing (it was never sent for us-west).
import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('replicate_to in the Replicator and Topic panels', () => {
  it('geo-replicate-to-local at the end: M1 skipped (replicate_to excludes us-west), not lost; M2 replicated', async () => {
    await selectScenario('geo-replicate-to-local');
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    const repl = screen.getByTestId('panel-replicator');
    const strip = within(repl).getByRole('list', { name: 'Source entries at us-east' });
    const m1 = strip.querySelector('[data-position="10:0"]')!;
    expect(m1.getAttribute('aria-label')).toBe(
      '10:0 M1: mark-deleted, skipped: replicate_to [us-east] excludes us-west',
    );
    expect(m1).toHaveTextContent('10:0M1MDskip');
    expect(m1.querySelector('abbr')?.nextElementSibling?.getAttribute('title')).toBe(
      'skipped unsent: replicate_to [us-east] excludes us-west',
    );
    expect(strip.querySelector('[data-position="10:1"]')!.getAttribute('aria-label')).toBe(
      '10:1 M2: mark-deleted',
    );
    expect(repl.querySelectorAll('abbr[title^="deleted at the source"]')).toHaveLength(0);
    expect(repl.querySelector('.strip-legend')).toHaveTextContent(
      'skip skipped unsent: its replicate_to excludes us-west',
    );
    expect(screen.queryByTestId('missing-us-west')).toBeNull();
  });

  it('geo-v2-clean (no replicate_to): no skip flag, the legend as before', async () => {
    await selectScenario('geo-v2-clean');
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    const repl = screen.getByTestId('panel-replicator');
    expect(repl.querySelectorAll('abbr[title^="skipped unsent"]')).toHaveLength(0);
    expect(repl.querySelector('.strip-legend')).not.toHaveTextContent('skip');
  });
});
