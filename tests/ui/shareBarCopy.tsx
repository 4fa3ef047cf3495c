// What a Share bar button puts on the clipboard, pressed as a user presses it: the page's own
// ShareBar drawn, the button clicked, the copied text caught. The share tests read Copy for
// GitHub's markdown this way rather than calling the builder, so what they assert is what the page
// copies (its fixes, fork, found line and state summary as the page gathers them).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { ShareBar } from '../../src/ui/components/Share';

/** The text `button` copied (default Copy for GitHub); restore mocks after each test. */
export async function copiedBy(button = 'Copy for GitHub'): Promise<string> {
  const user = userEvent.setup();
  const copied: string[] = [];
  // userEvent.setup() installs its own clipboard: watch the one it installed.
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((t: string) => {
    copied.push(t);
    return Promise.resolve();
  });
  const { unmount } = render(<ShareBar />);
  await user.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(copied).toHaveLength(1));
  unmount();
  return copied[0]!;
}
