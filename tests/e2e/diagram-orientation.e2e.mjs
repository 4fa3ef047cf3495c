// The diagram keeps the reader oriented (1024×768, seed-000-checksum-corrupted): a row of actor
// names over the lifelines (a strip above the view) once Mermaid's own actor boxes are scrolled away, and stepping
// brings the whole current step's labels into view (step 6 showed only "0:3" of its label).
import assert from 'node:assert/strict';
import { cursorOf, lastStep, openScenario } from './lib.mjs';

const VIEWPORT = { width: 1024, height: 768 };

/** After the step's frame (the scroll happens in a requestAnimationFrame callback). */
const settled = (page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** The current step's labels (arrow texts, note texts) and the diagram's visible box. */
const currentLabels = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-testid=diagram]');
    const b = d.getBoundingClientRect();
    const view = {
      left: b.left + d.clientLeft,
      right: b.left + d.clientLeft + d.clientWidth,
      top: b.top + d.clientTop,
      bottom: Math.min(b.top + d.clientTop + d.clientHeight, innerHeight),
    };
    const labels = [...d.querySelectorAll('text.messageText.dl-current, g.dl-current > text')].map(
      (t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      },
    );
    return { view, labels };
  });

const wholeRow = {
  name: 'diagram: every step of seed-000-checksum-corrupted at 1024×768 shows its labels whole (step 6: "receipt E3 seq 0 at 10:3")',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: VIEWPORT });
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    const last = await lastStep(page);
    for (let step = 1; step <= last; step++) {
      await page.keyboard.press('ArrowRight');
      assert.equal(await cursorOf(page), step);
      await settled(page);
      const { view, labels } = await currentLabels(page);
      assert.ok(labels.length > 0, `step ${step}: nothing marked`);
      const left = Math.min(...labels.map((l) => l.left));
      const right = Math.max(...labels.map((l) => l.right));
      const fits = right - left <= view.right - view.left;
      for (const l of labels) {
        const where = `step ${step}: "${l.text}" at ${Math.round(l.left)}..${Math.round(l.right)} × ${Math.round(l.top)}..${Math.round(l.bottom)} in ${JSON.stringify(view)}`;
        assert.ok(l.top >= view.top && l.bottom <= view.bottom, `${where}: not in view vertically`);
        if (fits) assert.ok(l.left >= view.left && l.right <= view.right, `${where}: cut off`);
      }
      // A step whose labels are wider than the view together shows one of them whole.
      if (!fits)
        assert.ok(
          labels.some((l) => l.left >= view.left && l.right <= view.right),
          `step ${step}: no label whole in view: ${JSON.stringify(labels)} in ${JSON.stringify(view)}`,
        );
      if (step === 6)
        assert.ok(
          labels.some((l) => /receipt E3 seq 0 at 10:3/.test(l.text)),
          `step 6 is ${labels.map((l) => l.text)}`,
        );
    }
  },
};

const actorHeader = {
  name: 'diagram: the actor header names every lifeline, above the view, once the actor boxes scroll away (1024×768)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage({ viewport: VIEWPORT });
    await openScenario(page, baseURL, 'seed-000-checksum-corrupted');
    const header = page.getByTestId('diagram-actors');
    await header.waitFor({ state: 'attached' });
    // At the top Mermaid's own actor boxes show: the header is hidden.
    assert.equal(await header.isVisible(), false, 'the header shows over the actor boxes');
    await page.keyboard.press('End');
    await settled(page);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=diagram]').scrollTop > 200,
    );
    await header.waitFor({ state: 'visible' });
    const m = await page.evaluate(() => {
      const d = document.querySelector('[data-testid=diagram]');
      const top = d.getBoundingClientRect().top + d.clientTop;
      const svg = d.querySelector('svg');
      const actors = [...svg.querySelectorAll('rect.actor-top')].map((rect) => ({
        name: rect.parentElement.querySelector('text').textContent,
        box: rect.getBoundingClientRect(),
        lifeline: svg
          .querySelector(`line.actor-line[name="${rect.getAttribute('name')}"]`)
          ?.getBoundingClientRect(),
      }));
      const names = [
        ...document.querySelectorAll('[data-testid=diagram-actors] .diagram-actor'),
      ].map((s) => ({ name: s.textContent, box: s.getBoundingClientRect() }));
      return { top, actors, names, actorsGone: actors.every((a) => a.box.bottom < top) };
    });
    assert.ok(m.actorsGone, 'the actor boxes are still in view at the last step');
    assert.deepEqual(
      m.names.map((n) => n.name),
      m.actors.map((a) => a.name),
      'the header names the actors',
    );
    assert.ok(m.names.length >= 5, `only ${m.names.length} actors`);
    for (const [i, n] of m.names.entries()) {
      const a = m.actors[i];
      // In the strip right above the diagram's view (never over it), centred on its lifeline.
      assert.ok(
        n.box.bottom <= m.top && n.box.bottom >= m.top - 4,
        `${n.name}: header ends at ${n.box.bottom}, the view starts at ${m.top}`,
      );
      const centre = (n.box.left + n.box.right) / 2;
      const line = a.lifeline
        ? (a.lifeline.left + a.lifeline.right) / 2
        : (a.box.left + a.box.right) / 2;
      assert.ok(
        Math.abs(centre - line) <= 2,
        `${n.name}: centred at ${centre}, lifeline at ${line}`,
      );
    }
    // Scrolled sideways, it moves with the lifelines.
    const before = m.names[1].box.left;
    await page.evaluate(() => (document.querySelector('[data-testid=diagram]').scrollLeft += 100));
    await settled(page);
    const after = await page.evaluate(
      () =>
        document
          .querySelectorAll('[data-testid=diagram-actors] .diagram-actor')[1]
          .getBoundingClientRect().left,
    );
    assert.ok(Math.abs(before - 100 - after) <= 1, `moved ${before - after} px, not 100`);
    // Back at the top, it hides again.
    await page.keyboard.press('Home');
    await page.evaluate(() => (document.querySelector('[data-testid=diagram]').scrollTop = 0));
    await header.waitFor({ state: 'hidden' });
  },
};

export default [wholeRow, actorHeader];
