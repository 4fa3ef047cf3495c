// The opening the editor tests share: a scenario chosen, the app drawn, Edit scenario pressed, and
// the Scenario JSON box once the editor has drawn it. The editor is loaded lazily (its own chunk),
// so the box is waited for, with room for a busy CI machine.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/ui/App';
import { selectScenario } from '../../src/ui/store';

export type User = ReturnType<typeof userEvent.setup>;

/** Press Edit scenario in the app already drawn; resolves to the Scenario JSON box. */
export async function pressEdit(user: User): Promise<HTMLTextAreaElement> {
  await user.click(screen.getByRole('button', { name: 'Edit scenario' }));
  return screen.findByRole<HTMLTextAreaElement>(
    'textbox',
    { name: 'Scenario JSON' },
    { timeout: 10_000 },
  );
}

/**
 * Select `scenario` (none: keep the one the app started on), draw the app, and open its editor.
 * Resolves to the user who pressed Edit scenario and the Scenario JSON box.
 */
export async function openEditor(
  scenario?: string,
): Promise<{ user: User; box: HTMLTextAreaElement }> {
  if (scenario !== undefined) await selectScenario(scenario);
  const user = userEvent.setup();
  render(<App />);
  return { user, box: await pressEdit(user) };
}
