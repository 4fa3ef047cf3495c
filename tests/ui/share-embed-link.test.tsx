// UX review 14: the embed view (`#embed=`, the diagram and a step slider only) was named in the
// README, but nothing on the page made its link: a user had to edit the address by hand. "Copy
// embed link" copies the run on screen as one, the same recipe as "Copy link".
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ShareBar } from '../../src/ui/components/Share';
import { selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

const copied: string[] = [];

beforeEach(async () => {
  copied.length = 0;
  await startOnDirectRunner();
});
afterEach(() => vi.restoreAllMocks());

it('seed 002 at step 28: the embed link carries the same recipe as the link', async () => {
  await selectScenario('seed-002-issue-1');
  act(() => setCursor(28));
  const user = userEvent.setup();
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((t: string) => {
    copied.push(t);
    return Promise.resolve();
  });
  render(<ShareBar />);
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  await user.click(screen.getByRole('button', { name: 'Copy embed link' }));
  await waitFor(() => expect(copied).toHaveLength(2));
  const [link, embed] = copied as [string, string];
  expect(link).toMatch(/#s=.+/);
  expect(embed).toBe(link.replace('#s=', '#embed='));
  expect(screen.getByText(/^Copied embed link \(\d[\d,]* characters\)\.$/)).toBeVisible();
});
