// UX review 14: the replicator's card in the Producers panel read "java client · us-west · Ready",
// as if the replicator ran at us-west. PersistentReplicator runs in the source cluster's broker and
// creates its producer there, on a client for the remote cluster: the card now says both. An
// application producer's card still names its own cluster.
import { act, render } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { producerCard } from './producerCard';

beforeEach(startOnDirectRunner);

const head = (name: string) => producerCard(name).querySelector('header')!.textContent;

it('seed 000 at step 16: the replicator runs in us-east’s broker and produces to us-west', async () => {
  await selectScenario('seed-000-checksum-corrupted');
  act(() => setCursor(16));
  render(<App />);
  expect(head('replicator')).toBe(
    "replicatorjava client · in us-east's broker, producing to us-west · Ready · instance 1",
  );
  expect(head('p1')).toBe('p1java client · us-east · Ready · instance 1');
});

it('geo-two-way: each direction’s replicator names its own source and target', async () => {
  await selectScenario('geo-two-way');
  act(() => setCursor(12));
  render(<App />);
  const heads = ['us-east', 'us-west'].map((from) =>
    [...document.querySelectorAll('[data-testid=panel-producers] article header')]
      .map((h) => h.textContent ?? '')
      .find((t) => t.includes(`in ${from}'s broker`)),
  );
  expect(heads[0]).toMatch(/in us-east's broker, producing to us-west/);
  expect(heads[1]).toMatch(/in us-west's broker, producing to us-east/);
});
