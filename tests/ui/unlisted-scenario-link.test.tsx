// Defect: a link to the generated long trace `long-334` opened with the right title but the
// picker showed "Seed 003 row (a)…" (its value matched no option, so the browser showed the
// first). The picker now shows the scenario actually open, and the link names the built-in by id.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtinById } from '../../src/scenarios';
import { App } from '../../src/ui/App';
import { decodeRecipe, encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import {
  appStore,
  runCustomScenario,
  selectScenario,
  setRunner,
  stepLast,
} from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(() => {
  localStorage.clear();
  setRunner(directRunner);
});

const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Scenario' });
const shown = (s: HTMLSelectElement) => s.options[s.selectedIndex]?.textContent ?? '';

describe('a scenario the picker does not list', () => {
  it('long-334 at its end: the link names the id, and opening it shows long-334 in the picker', async () => {
    await selectScenario('long-334');
    stepLast();
    const recipe = recipeFromState(appStore.getState())!;
    expect(recipe.scenario).toEqual({ builtin: 'long-334' });
    const payload = await encodeRecipe(recipe);
    const decoded = await decodeRecipe(payload);
    expect(decoded.ok && decoded.recipe.scenario).toEqual({ builtin: 'long-334' });

    // A fresh page opens the link.
    setRunner(directRunner);
    await openLink(payload, 'app');
    expect(appStore.getState().scenarioId).toBe('long-334');
    expect(appStore.getState().custom).toBeNull();
    render(<App />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Long trace: 334 sends from two producers (performance)',
    );
    expect(picker().value).toBe('long-334');
    expect(shown(picker())).toBe('Long trace: 334 sends from two producers (performance)');
  }, 30_000);

  it('a built-in run unchanged from the editor is linked by its id, not its JSON', async () => {
    await runCustomScenario(structuredClone(builtinById('seed-001-fencing-race')!));
    const recipe = recipeFromState(appStore.getState())!;
    expect(recipe.scenario).toEqual({ builtin: 'seed-001-fencing-race' });
  });

  it('an edited run shows as edited, with its title', async () => {
    await runCustomScenario({ ...builtinById('seed-001-fencing-race')!, title: 'Mine' });
    render(<App />);
    expect(picker().value).toBe('(edited)');
    expect(shown(picker())).toBe('Edited: Mine');
  });
});
