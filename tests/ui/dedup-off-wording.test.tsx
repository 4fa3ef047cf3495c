// The Broker dedup panel on a cluster with deduplication off says it records nothing (the review:
// "No producer recorded yet." under "deduplication off" read as if a record were to come).
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('Broker dedup panel wording', () => {
  it('seed 000 at the end: us-east (dedup off) records nothing; us-west (on) has the V2 watermark', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    act(() => setCursor(appStore.getState().result!.steps.length - 1));
    render(<Panels />);
    expect(screen.getByTestId('dedup-us-east')).toHaveTextContent(
      'deduplication offDeduplication is off: no sequence ids are recorded, every send is written.',
    );
    expect(screen.getByTestId('dedup-us-west')).not.toHaveTextContent('Deduplication is off');
    expect(screen.getByTestId('dedup-us-west')).toHaveTextContent('10:5');
  });

  it('dedup on, before any send: "No producer recorded yet."', async () => {
    await selectScenario('lost-receipt-dedup-on');
    render(<Panels />);
    expect(screen.getByTestId('panel-dedup')).toHaveTextContent('No producer recorded yet.');
  });
});
