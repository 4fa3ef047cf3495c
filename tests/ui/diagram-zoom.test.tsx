// The diagram's zoom bar in jsdom (no layout: "fit" is measured in Chromium, see
// tests/e2e/diagram-zoom.e2e.mjs): − and + move between fixed scales and size the SVG by its
// viewBox, the choice is kept in sessionStorage for the tab's session, and the scroll area takes
// the focus with a name.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Diagram } from '../../src/ui/components/Diagram';
import { AUTO_MIN, readZoom, scaleFor, stepZoom } from '../../src/ui/components/Diagram/zoom';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  sessionStorage.clear();
  await startOnDirectRunner();
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

  it('auto (the default) fits the width but never below 67 %; fit goes below; neither enlarges', () => {
    expect(readZoom()).toBe('auto');
    // Seed 001 (3,224 px) in the 629 px the diagram has at 1024 × 700: fit is 20 %, auto 67 %.
    expect(scaleFor('fit', 3224, 629)).toBeCloseTo(0.195, 3);
    expect(scaleFor('auto', 3224, 629)).toBe(AUTO_MIN);
    expect(AUTO_MIN).toBe(0.67);
    // A drawing 1.2 × the view: both fit it.
    expect(scaleFor('auto', 1200, 1000)).toBeCloseTo(1000 / 1200, 5);
    expect(scaleFor('fit', 1200, 1000)).toBeCloseTo(1000 / 1200, 5);
    // Narrower than the view: drawn as is.
    expect(scaleFor('auto', 500, 1000)).toBe(1);
    expect(scaleFor('fit', 500, 1000)).toBe(1);
    // Nothing laid out (jsdom): as drawn; a fixed zoom is itself.
    expect(scaleFor('auto', 3224, 0)).toBe(1);
    expect(scaleFor(0.5, 3224, 629)).toBe(0.5);
  });

  it('− sizes the SVG at 90 % of what Mermaid drew; Auto, Fit width and 100 % are remembered', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<Diagram />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    const svg = svgOf()!;
    const width = Number(svg.getAttribute('width'));
    expect(width).toBeGreaterThan(0);
    // Auto by default (jsdom lays nothing out, so it draws at 100 %).
    expect(level()).toBe('100 %');
    expect(screen.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'false');

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

    await user.click(screen.getByRole('button', { name: 'Auto' }));
    expect(screen.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
    expect(readZoom()).toBe('auto');
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
    await user.keyboard('a');
    expect(readZoom()).toBe('auto');
    expect(level()).toBe('100 %');
  });
});
