// Helpers shared by the end-to-end tests (imported by the *.e2e.mjs files; not a test file itself).
import assert from 'node:assert/strict';

/** The text of the (first) element with this data-testid. */
export const text = async (page, testId) =>
  (await page.getByTestId(testId).first().textContent()) ?? '';

/** The step the timeline is at ("Step N of M"). */
export const cursorOf = async (page) =>
  Number(/Step (\d+)/.exec(await text(page, 'step-label'))[1]);

/** The last step of the trace ("Step N of M"). */
export const lastStep = async (page) => Number(/of (\d+)/.exec(await text(page, 'step-label'))[1]);

/** Wait until `fn(arg)` holds in the page; on timeout fail with `what` and what the page says. */
export async function until(page, fn, arg, what, timeout = 15_000) {
  await page
    .waitForFunction(fn, arg, { timeout })
    .catch(async () =>
      assert.fail(
        `${what}; page says:\n${(await page.locator('body').innerText()).slice(0, 2000)}`,
      ),
    );
}

/** Wait until the element with this data-testid contains `needle`. */
export const shows = (page, testId, needle, what) =>
  until(
    page,
    ([id, t]) => document.querySelector(`[data-testid=${id}]`)?.textContent?.includes(t),
    [testId, needle],
    what,
  );

/**
 * Picks a scenario by id in the loaded page, also a generated one (`long-334`) the picker does not
 * list, and waits (up to `timeout` ms) for its diagram: a new SVG, not busy, the picker showing
 * the id, the cursor at step 0. `window.__selectedAt` keeps when it was picked (the UI bench).
 */
export async function chooseScenario(page, id, timeout = 45_000) {
  await page.locator('[data-testid=diagram] svg').waitFor({ timeout });
  await page.evaluate((id) => {
    const select = document.querySelector('select[aria-label=Scenario]');
    if (![...select.options].some((o) => o.value === id)) {
      const o = document.createElement('option');
      o.value = id;
      o.textContent = id;
      select.append(o);
    }
    window.__oldSvg = document.querySelector('[data-testid=diagram] svg')?.id ?? null;
    window.__selectedAt = performance.now();
  }, id);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption(id);
  await until(
    page,
    (id) => {
      const d = document.querySelector('[data-testid=diagram]');
      return (
        d?.querySelector('svg') &&
        d.querySelector('svg').id !== window.__oldSvg &&
        d.getAttribute('aria-busy') === 'false' &&
        document.querySelector('select[aria-label=Scenario]')?.value === id &&
        /Step 0 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? '')
      );
    },
    id,
    `${id}: no diagram`,
    timeout,
  );
}

/** A fresh load of the app, then `chooseScenario`. */
export async function openScenario(page, baseURL, id) {
  await page.goto(baseURL, { waitUntil: 'load' });
  await chooseScenario(page, id);
}

/** Waits until the step label reads `Step <n> …`. */
export const stepIs = (page, n, what) =>
  until(
    page,
    (n) =>
      document.querySelector('[data-testid=step-label]')?.textContent?.startsWith(`Step ${n} `),
    n,
    what,
  );

/** Steps to `n` with the keyboard (from the step bar: Home, then → n times) and waits until the side panels show it. */
export async function goToStep(page, n) {
  await page.getByTestId('step-label').first().click();
  await page.keyboard.press('Home');
  for (let i = 0; i < n; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await cursorOf(page), n);
  await until(
    page,
    (n) => document.querySelector('.panels')?.getAttribute('data-step') === String(n),
    n,
    `the panels never showed step ${n}`,
  );
}

/** To the last step with End on the step bar, and waits until the side panels show it. */
export async function goToEnd(page) {
  await page.getByTestId('step-label').first().click();
  await page.keyboard.press('End');
  await until(
    page,
    () => {
      const m = /Step (\d+) of (\d+)/.exec(
        document.querySelector('[data-testid=step-label]')?.textContent ?? '',
      );
      return (
        m && m[1] === m[2] && document.querySelector('.panels')?.getAttribute('data-step') === m[1]
      );
    },
    undefined,
    'the run did not reach its last step',
  );
}

/** The diagram's text: its arrow and note labels. */
export const diagramText = (page) =>
  page.evaluate(() => document.querySelector('[data-testid=diagram] svg')?.textContent ?? '');

/** Clicks "Copy link", waits for "Copied link", and returns what went on the clipboard (the page needs clipboard permissions). */
export async function copyLink(page) {
  await page.getByRole('button', { name: 'Copy link' }).click();
  await shows(page, 'share-message', 'Copied link', 'not copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Clicks "Copy for GitHub", waits for its message, and returns the markdown copied (clipboard permissions as copyLink). */
export async function copyForGithub(page) {
  await page.getByRole('button', { name: 'Copy for GitHub' }).click();
  await shows(page, 'share-message', 'Copied markdown for GitHub', 'not copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * A fault chosen from a topology node's menu after step `step` — opened by the node's ⋯ button, or
 * by a right-click on the node with data-testid `rightClick`: `items` checks the menu's items before
 * `item` is chosen; then the plan shows `planned`, the cursor stays at `step`, and the diagram
 * draws `drawn` as step `step + 1`. `what` names the fault in the failure messages (one name, or
 * [in the plan, in the diagram]).
 */
export async function chooseNodeFault(
  page,
  { node, step, rightClick, items, item, planned, drawn, what },
) {
  const [inPlan, inDiagram] = Array.isArray(what) ? what : [what, what];
  const topo = page.getByTestId('panel-topology');
  if (rightClick) await topo.getByTestId(rightClick).click({ button: 'right' });
  else await topo.getByRole('button', { name: `Faults on ${node}` }).click();
  const menu = page.getByRole('menu', { name: `Faults on ${node} after step ${step}` });
  items(await menu.getByRole('menuitem').allTextContents());
  await menu.getByRole('menuitem', { name: item }).click();
  await shows(page, 'panel-faults', planned, `${inPlan} is not in the plan`);
  assert.equal(await cursorOf(page), step, 'the cursor moved');
  await shows(
    page,
    'diagram',
    `${step + 1} · ${drawn}`,
    `the diagram does not show ${inDiagram} at step ${step + 1}`,
  );
}

/** A fresh load of the app at scenario `id`, stepped to `step` with the keyboard (`goToStep`). */
export async function openAtStep(page, baseURL, id, step) {
  await openScenario(page, baseURL, id);
  await goToStep(page, step);
}

/**
 * Takes the step a side panel offers with `button` (ActionChoice: its title names the action
 * `key` as what this trace does next): after the click the cursor is one step on and the step bar
 * shows `key`.
 */
export async function takeOffered(page, button, key) {
  const next = (await cursorOf(page)) + 1;
  assert.equal(
    await button.getAttribute('title'),
    `${key}: what this trace does next — step forward`,
  );
  await button.click();
  await stepIs(page, next, `the pick did not step to ${next}`);
  assert.equal(await page.locator('.step-key').first().textContent(), key);
}

/** Waits for the step's frame to have scrolled (two animation frames). */
export const settled = (page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/** The current step's arrow lines, the diagram's client box across (viewport px) and its scroll. */
export const currentArrows = (page) =>
  page.evaluate(() => {
    const d = document.querySelector('[data-testid=diagram]');
    const b = d.getBoundingClientRect();
    const view = { left: b.left + d.clientLeft, right: b.left + d.clientLeft + d.clientWidth };
    const lines = [...d.querySelectorAll('svg .dl-current')]
      .filter((el) => /messageLine[01]/.test(el.getAttribute('class') ?? ''))
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right };
      });
    return { view, lines, scrollLeft: d.scrollLeft, scrollWidth: d.scrollWidth };
  });

/** Every current arrow has both ends inside the diagram's view (a pixel's slack). */
export const bothEndsInView = (m) =>
  m.lines.length > 0 &&
  m.lines.every((l) => l.left >= m.view.left - 1 && l.right <= m.view.right + 1);

/**
 * Removes the Fault plan's entries of `kind` on each of `messages`, in order, waiting for each
 * re-run (the buttons are aria-disabled meanwhile: a press waits), until the plan has no entry left.
 */
export async function emptyFaultPlan(page, kind, messages) {
  const plan = page.getByTestId('panel-faults');
  for (const m of messages) {
    const remove = plan.getByRole('button', { name: new RegExp(`^Remove ${kind} on ${m} `) });
    await remove.click();
    await remove.waitFor({ state: 'detached' });
  }
  await until(
    page,
    () => !document.querySelector('[data-testid=panel-faults] button.fault-remove'),
    undefined,
    'the plan kept an entry',
  );
}

/** Opens the editor on a built-in, replaces its JSON with `scenario` and runs it, as a user pastes one. */
export async function runPasted(page, baseURL, scenario) {
  await openScenario(page, baseURL, 'seed-002-issue-1');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await page
    .getByRole('textbox', { name: 'Scenario JSON' })
    .fill(JSON.stringify(scenario, null, 2));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}
