// Defect: in the dark theme the violation band (`rect rgb(255, 221, 221)`) sat under Mermaid's
// light message text and could not be read. toMermaid takes the band's fill as an option (the UI
// passes a dark red in the dark theme); without it the output (CLI, GitHub) is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mermaid } from 'mermaid';
import { toMermaid, VIOLATION_FILL } from '../../src/engine';
import { runBuiltin } from './runBuiltin';

let mermaid: Mermaid;
beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    maxTextSize: 500_000,
    theme: 'dark',
  });
});

// The dark theme's --bad-soft (#3d1c1f), the fill the Diagram is asked to pass in the dark theme.
const DARK = 'rgb(61, 28, 31)';
const result = runBuiltin('seed-001-fencing-race');

describe('the violation band fill', () => {
  it('defaults to the pale red the CLI and GitHub have always had', () => {
    expect(VIOLATION_FILL).toBe('rgb(255, 221, 221)');
    const text = toMermaid(result).text;
    expect(text).toContain('\n    rect rgb(255, 221, 221)\n');
    expect(toMermaid(result, {}).text).toBe(text);
  });

  it('takes a fill for a dark page, and only the band changes', async () => {
    const plain = toMermaid(result).text;
    const dark = toMermaid(result, { violationFill: DARK }).text;
    expect(dark).toContain(`\n    rect ${DARK}\n`);
    expect(dark).not.toContain('255, 221, 221');
    expect(dark.replace(DARK, VIOLATION_FILL)).toBe(plain);
    const { svg } = await mermaid.render('fill1', dark);
    const bands = svg.match(/<rect[^>]*class="rect"[^>]*>/g) ?? [];
    expect(bands.length).toBe(1);
    expect(bands[0]).toContain(`fill="${DARK}"`);
  });

  it('a fill that is not a plain colour cannot reach the Mermaid source', () => {
    for (const bad of ['red\n    Note over P1: injected', 'rgb(1,2,3) %%', 'url(#x)', ''])
      expect(toMermaid(result, { violationFill: bad }).text).toBe(toMermaid(result).text);
    expect(toMermaid(result, { violationFill: '#5c2028' }).text).toContain('rect #5c2028\n');
  });

  it('the range still applies with the fill', () => {
    const d = toMermaid(result, { from: 17, to: 19, violationFill: DARK });
    expect(new Set(d.items.map((i) => i.step))).toEqual(new Set([17, 18, 19]));
    expect(d.text).toContain(`rect ${DARK}`);
  });
});

/** WCAG contrast of two `rgb(r, g, b)` colours, for the fill the UI is asked to pass. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c.match(/\d+/g)!.map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

it("the dark fill keeps Mermaid's dark-theme message text readable (WCAG AA)", async () => {
  const { svg } = await mermaid.render('fill2', toMermaid(result, { violationFill: DARK }).text);
  // The dark theme's message text colour, from the SVG's own stylesheet.
  const text = /\.messageText\{[^}]*fill:([^;]+);/.exec(svg)?.[1]?.trim() ?? '';
  expect(text).not.toBe('');
  const named: Record<string, string> = {
    lightgrey: 'rgb(211, 211, 211)',
    white: 'rgb(255, 255, 255)',
  };
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  const asRgb = hex
    ? `rgb(${parseInt(hex[1]!, 16)}, ${parseInt(hex[2]!, 16)}, ${parseInt(hex[3]!, 16)})`
    : (named[text] ?? text);
  expect(contrast(asRgb, DARK)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(asRgb, VIOLATION_FILL)).toBeLessThan(2);
});
