// "Copy for GitHub" names every fix the run has on, the scenario's own among them: its heading took
// only the toggles' (a custom scenario with "fixes": ["go-1565"] read "(`seed-003-a-go`): …" with
// the fix on), while the link notice and the folded fix line named both (store fixesOn).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinById } from '../../src/scenarios';
import { ShareBar } from '../../src/ui/components/Share';
import { runCustomScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

const copied: string[] = [];

beforeEach(async () => {
  copied.length = 0;
  await startOnDirectRunner();
});
afterEach(() => vi.restoreAllMocks());

describe('Copy for GitHub: the fixes on', () => {
  it("a scenario's own fix is named in the heading", async () => {
    await act(() => runCustomScenario({ ...builtinById('seed-003-a-go')!, fixes: ['go-1565'] }));
    const user = userEvent.setup();
    // userEvent.setup() installs its own clipboard: watch the one it installed.
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((t: string) => {
      copied.push(t);
      return Promise.resolve();
    });
    render(<ShareBar />);
    await user.click(screen.getByRole('button', { name: 'Copy for GitHub' }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied[0]!.split('\n')[0]).toMatch(
      // ", edited": the fix makes it an edited copy of the built-in (UX review 11).
      /^### Dedup Lab: .* \(`seed-003-a-go` with go-1565, edited\): /,
    );
  });
});
