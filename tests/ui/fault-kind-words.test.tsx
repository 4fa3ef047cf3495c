// The explorer offered checksum-error, checksum-error:corrupted and checksum-error:intact as three
// bare checkboxes. Each kind now has plain words (a pointer hint and the checkbox's accessible
// description), and the words come from one place (ui/faultWords.ts) that the fault plan's lines
// and the ⚡ menus read too, so the three say the same thing.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { EXPLORE_KIND_WORDS, LOCAL_BUFFER } from '../../src/ui/faultWords';
import { appStore, describeFault, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(startOnDirectRunner);

describe('fault kinds in words', () => {
  it('seed 000: each checksum kind says what it places; plain checksum-error tries both', async () => {
    await selectScenario('seed-000-explore');
    render(<ExplorerPanel start={fakeExplore().start} />);
    const panel = screen.getByTestId('panel-explorer');
    const box = (name: string) => within(panel).getByRole('checkbox', { name });
    expect(box('checksum-error')).toHaveAccessibleDescription(
      /the search tries both: local buffer corrupted and intact/,
    );
    expect(box('checksum-error:corrupted')).toHaveAccessibleDescription(
      "checksum-error, local buffer corrupted: the producer's own copy of the message is corrupted too, so it drops the message and fails its send (seed 000's silent loss)",
    );
    expect(box('checksum-error:intact')).toHaveAccessibleDescription(
      "checksum-error, local buffer intact: only the frame on the wire is corrupted; the producer's copy is good and is sent again",
    );
    // The pointer's hint says the same, and every kind offered has words.
    expect(box('checksum-error:intact').closest('label')).toHaveAttribute(
      'title',
      EXPLORE_KIND_WORDS['checksum-error:intact'],
    );
    for (const b of within(panel).getAllByRole('checkbox'))
      expect(b).toHaveAccessibleDescription(/\w{4,}/);
    expect(panel).toHaveTextContent(
      'checksum-error tries both local buffer states; :corrupted and :intact only one',
    );
  });

  it('the fault plan line and the ⚡ menu use the same words for the local buffer', async () => {
    expect(
      describeFault({
        kind: 'checksum-error',
        message: 'E3',
        cluster: 'us-west',
        localBufferCorrupted: false,
      }),
    ).toBe(`checksum-error on E3 at us-west (${LOCAL_BUFFER.intact.label})`);
    await selectScenario('geo-v2-clean');
    const steps = appStore.getState().result!.steps;
    const at = steps.findIndex(
      (s) => (s.world.producers.replicator?.pendingMessages.length ?? 0) > 0,
    );
    act(() => setCursor(at));
    render(<App />);
    const msg = steps[at]!.world.producers.replicator!.pendingMessages[0]!.msgs[0]!.msg;
    await userEvent.setup().click(
      within(screen.getByTestId('panel-producers')).getAllByRole('button', {
        name: `Inject a fault on ${msg} at us-west`,
      })[0]!,
    );
    const item = screen.getByRole('menuitem', {
      name: `checksum-error, ${LOCAL_BUFFER.corrupted.label}`,
    });
    expect(item).toHaveAttribute('title', LOCAL_BUFFER.corrupted.means);
  });
});
