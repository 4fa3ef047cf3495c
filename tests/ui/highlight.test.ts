// The step marking relies on Mermaid drawing one `text.messageText` per message and one
// `rect.note` per note, in the order `toMermaid` lists its items. Render a real trace with Mermaid
// (jsdom + the text-metric stubs in tests/setup.ts) and check that the shapes and items line up.
import mermaid from 'mermaid';
import { beforeAll, describe, expect, it } from 'vitest';
import { toMermaid } from '../../src/engine';
import { CURRENT, FUTURE, markStep } from '../../src/ui/components/Diagram/highlight';
import { handleRequest } from '../../src/worker/handle';
import seed from '../../src/scenarios/seed-003-a-go.json';

const reply = handleRequest({ type: 'run', scenario: seed, fixes: [] });
if (!reply.ok) throw new Error('seed-003-a-go did not load');
const diagram = toMermaid(reply.result);
const root = document.createElement('div');

beforeAll(async () => {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  root.innerHTML = (await mermaid.render('hl-test', diagram.text)).svg;
  document.body.append(root);
}, 30_000);

describe('markStep', () => {
  it('finds one shape per item', () => {
    const count = (kind: string) => diagram.items.filter((i) => i.kind === kind).length;
    expect(root.querySelectorAll('text.messageText')).toHaveLength(count('message'));
    expect(root.querySelectorAll('rect.note')).toHaveLength(count('note'));
  });

  it('marks the current step and dims later ones', () => {
    const step = 5;
    const anchor = markStep(root, diagram.items, step);
    const current = [...root.querySelectorAll(`text.messageText.${CURRENT}`)].map(
      (t) => t.textContent,
    );
    expect(current).toEqual([expect.stringMatching(/^5 · /)]);
    expect(anchor?.textContent).toMatch(/^5 · /);
    const futureTexts = root.querySelectorAll(`text.messageText.${FUTURE}`).length;
    const later = diagram.items.filter((i) => i.kind === 'message' && i.step > step).length;
    expect(futureTexts).toBe(later);
  });

  it('re-marking moves the highlight and clears the old one', () => {
    markStep(root, diagram.items, 12);
    expect(root.querySelectorAll(`.${FUTURE}`)).toHaveLength(0);
    expect(root.querySelectorAll(`.${CURRENT}`).length).toBeGreaterThan(0);
    markStep(root, diagram.items, 0);
    expect(root.querySelectorAll(`.${CURRENT}`)).toHaveLength(0);
  });
});

describe('markStep, step by step', () => {
  it('flipping only what changes gives the same marks as marking from scratch', () => {
    const marks = (el: Element) =>
      [...el.querySelectorAll(`.${CURRENT}, .${FUTURE}`)].map((e) => e.getAttribute('class'));
    const last = Math.max(...diagram.items.map((i) => i.step));
    const fresh = document.createElement('div');
    fresh.innerHTML = root.innerHTML;
    for (const step of [0, 1, 2, 7, 6, last, 3, last - 1]) {
      markStep(root, diagram.items, step);
      // A fresh copy of the drawing, marked once: what a step-by-step marking must equal.
      fresh.innerHTML = root.innerHTML.replaceAll(` ${CURRENT}`, '').replaceAll(` ${FUTURE}`, '');
      markStep(fresh, diagram.items, step);
      expect(marks(root)).toEqual(marks(fresh));
    }
  });
});
