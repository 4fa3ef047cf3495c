// The violation band follows the theme: in the dark theme the step that breaks an invariant is
// drawn on a dark red band (light text stays readable); the light theme keeps the CLI's pink.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIOLATION_FILL } from '../../src/engine';
import { Diagram, DARK_VIOLATION_FILL } from '../../src/ui/components/Diagram';
import { selectScenario, setTheme } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-003-a-go');
});
afterEach(() => setTheme('light'));

const bandFills = () =>
  [...screen.getByTestId('diagram').querySelectorAll('svg rect')]
    .map((r) => r.getAttribute('fill'))
    .filter((f) => f !== null && /^rgb/.test(f));

describe('the violation band and the theme', () => {
  it('light: the pink band of the CLI and GitHub output', async () => {
    render(<Diagram />);
    await waitFor(() => expect(bandFills()).toContain(VIOLATION_FILL), { timeout: 10_000 });
  });

  it('dark: a dark band', async () => {
    setTheme('dark');
    render(<Diagram />);
    await waitFor(() => expect(bandFills()).toContain(DARK_VIOLATION_FILL), { timeout: 10_000 });
    expect(bandFills()).not.toContain(VIOLATION_FILL);
  });
});
