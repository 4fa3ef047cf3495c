// The diagram's zoom bar in jsdom (no layout: "fit" is measured in Chromium, see
// tests/e2e/diagram-zoom.e2e.mjs): − and + move between fixed scales and size the SVG by its
// viewBox, the choice is kept in sessionStorage for the tab's session, and the scroll area takes
// the focus with a name.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Diagram } from '../../src/ui/components/Diagram';
import { readZoom, stepZoom } from '../../src/ui/components/Diagram/zoom';
import { selectScenario, setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(async () => {
  sessionStorage.clear();
  setRunner(directRunner);
  await start();
});

const svgOf = () => screen.getByTestId('diagram').querySelector('svg');
const level = () => screen.getByTestId('diagram-zoom-level').textContent;

describe('diagram zoom', () => {
  it('stepZoom moves between the fixed scales, from any scale ("fit" at 27 %)', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(0.27, 1)).toBe(0.33);
    expect(stepZoom(0.27, -1)).toBe(0.25);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.25, -1)).toBe(0.25);
  });

  it('− sizes the SVG at 90 % of what Mermaid drew; Fit width and 100 % are remembered', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<Diagram />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    const svg = svgOf()!;
    const width = Number(svg.getAttribute('width'));
    expect(width).toBeGreaterThan(0);
    expect(level()).toBe('100 %');
    expect(screen.getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(level()).toBe('90 %');
    expect(svg.style.width).toBe(`${Math.floor(width * 0.9)}px`);
    expect(readZoom()).toBe(0.9);

    await user.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(screen.getByRole('button', { name: 'Fit width' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(readZoom()).toBe('fit');

    await user.click(screen.getByRole('button', { name: '100 %' }));
    expect(svg.style.width).toBe('');
    expect(readZoom()).toBe(1);
  });

  it('the scroll area is focusable, with a name; + on it zooms in', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<Diagram />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    const area = screen.getByRole('region', { name: 'Sequence diagram' });
    expect(area).toHaveAttribute('tabindex', '0');
    area.focus();
    await user.keyboard('+');
    expect(level()).toBe('125 %');
    expect(area).toHaveFocus();
  });
});
