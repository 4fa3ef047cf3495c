// A shared link's notice says what makes it a fork (UX review 10). A link that only added a fault
// (a checksum-error from an arrow's menu, every later step the automatic choice) read "a fork: the
// link chose its own interleaving", and a Pulsar engineer went looking for the interleaving the
// sender picked by hand. Now the notice names the added fault and says no step was chosen; a link
// with a picked next action names the step it chose from.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LinkNotice } from '../../src/ui/components/Share';
import { encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import * as store from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

const state = () => store.appStore.getState();
const keys = () => state().result!.steps.map((s) => s.key);

async function reopenNotice(): Promise<string> {
  const payload = await encodeRecipe(recipeFromState(state())!);
  store.setRunner(directRunner);
  await openLink(payload, 'app');
  render(<LinkNotice />);
  return screen.getByTestId('link-notice').textContent ?? '';
}

beforeEach(() => {
  localStorage.clear();
  store.setRunner(directRunner);
});

describe('the link notice of a fork', () => {
  it('a fault added, nothing chosen: names the added fault, not an interleaving', async () => {
    await store.selectScenario('geo-two-way');
    store.setCursor(keys().indexOf('send:pe:E1'));
    await store.addFault({
      kind: 'checksum-error',
      message: 'E1',
      cluster: 'us-east',
      localBufferCorrupted: true,
    });
    const notice = await reopenNotice();
    expect(notice).toContain(
      '· a fork: the link adds 1 fault to the scenario’s plan; every step as the scenario would take it (Branches: “as written” is the scenario’s own)',
    );
    expect(notice).not.toContain('interleaving');
  });

  it('another next action: names the step the link chose from', async () => {
    await store.selectScenario('seed-000-checksum-corrupted');
    const at = keys().indexOf('fault:checksum-error:E3@us-west:corrupted') - 1;
    store.setCursor(at);
    await store.pickAction('deliver:replicator->broker-2:E3');
    const notice = await reopenNotice();
    expect(notice).toMatch(
      new RegExp(
        `· a fork: the link chose its own interleaving from step ${at + 1} \\(\\d+ steps? not the scenario’s own\\) \\(Branches`,
      ),
    );
    expect(notice).not.toContain('adds');
  });
});
