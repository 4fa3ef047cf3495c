// The embed view (`#embed=…`), after a UX review found it thin: it shows the scenario's title, a
// sticky actor header over the lifelines once the drawing's own actor boxes scroll away, steps with
// ← → Home End from anywhere in the page (not only on the slider), and takes the theme the app
// saved, else the system's.
import assert from 'node:assert/strict';
import { openScenario, until, stepIs } from './lib.mjs';

/** After the step's frames (the scroll and the header's measure are frame callbacks). */
const settled = (page) =>
  page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
      ),
  );

/** The app's address for seed-001-fencing-race at step `step` (the fragment follows the screen). */
async function linkAt(page, baseURL, step) {
  await openScenario(page, baseURL, 'seed-001-fencing-race');
  await page.getByTestId('step-label').click();
  for (let i = 0; i < step; i++) await page.keyboard.press('ArrowRight');
  await stepIs(page, step, `the app is not at step ${step}`);
  const title =
    (await page
      .getByRole('region', { name: 'Scenario description' })
      .locator('h2')
      .textContent()) ?? '';
  await until(page, () => location.hash.startsWith('#s=1.'), undefined, 'no share fragment');
  // The fragment is written after the step: wait until it holds this step's recipe.
  await page.waitForTimeout(300);
  return { link: await page.evaluate(() => location.href), title };
}

const theme = (page) =>
  page.evaluate(() => ({
    attr: document.documentElement.dataset.theme ?? null,
    // The page's own background (the root's: var(--bg)).
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));

/** Dark: opaque, each of r, g, b below 60. */
const isDark = (rgb) => {
  const [r, g, b, a = 1] = rgb.match(/[\d.]+/g).map(Number);
  return a === 1 && r < 60 && g < 60 && b < 60;
};

const view = {
  name: 'embed: title, a sticky actor header over the lifelines, ← → Home End from the page, the saved dark theme (seed-001, step 21)',
  run: async ({ baseURL, newPage }) => {
    const page = await newPage();
    // The app's choice, saved: dark.
    await page.goto(baseURL, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Dark theme' }).click();
    const { link, title } = await linkAt(page, baseURL, 21);
    assert.match(title, /\S/);

    const embed = await page.context().newPage();
    await embed.goto(link.replace('#s=', '#embed='), { waitUntil: 'load' });
    await stepIs(embed, 21, 'the embed is not at step 21');
    await embed.locator('[data-testid=embed] [data-testid=diagram] svg').waitFor();
    assert.equal(await embed.getByRole('heading', { level: 1 }).textContent(), title);
    const t = await theme(embed);
    assert.equal(t.attr, 'dark', 'the embed ignores the saved theme');
    assert.ok(isDark(t.background), `the embed's page is ${t.background}`);

    // Step 21 is far down: the drawing's actor boxes are scrolled away, the header names the lanes.
    await until(
      embed,
      () => document.querySelector('[data-testid=diagram-actors]')?.classList.contains('shown'),
      undefined,
      'no actor header at step 21',
    );
    await settled(embed);
    const m = await embed.evaluate(() => {
      const d = document.querySelector('[data-testid=diagram]');
      const top = d.getBoundingClientRect().top + d.clientTop;
      const svg = d.querySelector('svg');
      const lanes = [...svg.querySelectorAll('rect.actor-top')].map((rect) => {
        const line = svg
          .querySelector(`line.actor-line[name="${rect.getAttribute('name')}"]`)
          .getBoundingClientRect();
        return {
          name: rect.parentElement.querySelector('text').textContent,
          centre: (line.left + line.right) / 2,
          gone: rect.getBoundingClientRect().bottom < top,
        };
      });
      const names = [...document.querySelectorAll('.diagram-actors .diagram-actor')].map((s) => {
        const r = s.getBoundingClientRect();
        return { name: s.textContent, centre: (r.left + r.right) / 2, bottom: r.bottom };
      });
      return { top, lanes, names };
    });
    assert.ok(
      m.lanes.every((l) => l.gone),
      'the actor boxes are still in view',
    );
    assert.deepEqual(
      m.names.map((n) => n.name),
      m.lanes.map((l) => l.name),
    );
    for (const [i, n] of m.names.entries()) {
      assert.ok(Math.abs(n.centre - m.lanes[i].centre) <= 2, `${n.name} is off its lifeline`);
      assert.ok(
        n.bottom <= m.top && n.bottom >= m.top - 4,
        `${n.name} is not right above the view (it never covers the drawing)`,
      );
    }

    // The keys step from the page (the focus on the body, not on the slider).
    await embed.evaluate(() => document.activeElement?.blur());
    await embed.keyboard.press('ArrowRight');
    await stepIs(embed, 22, '→ did not step forward');
    await embed.keyboard.press('ArrowLeft');
    await embed.keyboard.press('ArrowLeft');
    await stepIs(embed, 20, '← did not step back');
    await embed.keyboard.press('Home');
    await stepIs(embed, 0, 'Home did not go to the first step');
    await embed.keyboard.press('End');
    await stepIs(embed, 32, 'End did not go to the last step');
    // On the slider, the slider's own keys: one step, not two.
    await embed.getByRole('slider', { name: 'Step' }).focus();
    await embed.keyboard.press('ArrowLeft');
    await stepIs(embed, 31, 'the slider did not step back once');
  },
};

const systemTheme = {
  name: 'embed: with no saved theme it follows the system (prefers-color-scheme: dark)',
  run: async ({ baseURL, newPage }) => {
    const app = await newPage();
    const { link } = await linkAt(app, baseURL, 3);
    const embed = await newPage({ colorScheme: 'dark' });
    await embed.goto(link.replace('#s=', '#embed='), { waitUntil: 'load' });
    await stepIs(embed, 3, 'the embed is not at step 3');
    await embed.locator('[data-testid=embed] [data-testid=diagram] svg').waitFor();
    const t = await theme(embed);
    assert.equal(t.attr, 'dark');
    assert.ok(isDark(t.background), `the embed's page is ${t.background}`);
    // And light where the system is light.
    const light = await newPage({ colorScheme: 'light' });
    await light.goto(link.replace('#s=', '#embed='), { waitUntil: 'load' });
    await stepIs(light, 3, 'the light embed is not at step 3');
    assert.equal((await theme(light)).attr, 'light');
  },
};

export default [view, systemTheme];
