// At 1280 px and wider but at most 920 px tall (1440 × 900) the header's fixes flow as one list of
// their ids (UX review 21, item 2): the muted summary beside each id is hidden (styles.css), and the
// checkbox must keep its name (the fix id: tests, e2e and screen readers find it so) and its
// description (the summary, by aria-describedby) and its tooltip. The story's "Show more" moves to
// the title's line by CSS order only: it stays a button after the description in the DOM.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIX_IDS } from '../../src/engine';
import { FixToggles } from '../../src/ui/components/FixToggles';
import { ScenarioInfo } from '../../src/ui/components/ScenarioPicker';
import { FIXES } from '../../src/ui/fixes';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('the header as one list of fix ids', () => {
  it('with the summaries hidden as styles.css hides them, every fix keeps its name, description and tooltip', () => {
    const style = document.createElement('style');
    style.textContent = '.fix .muted { display: none; }';
    document.head.append(style);
    try {
      render(<FixToggles />);
      const group = screen.getByRole('group', { name: 'Fixes' });
      for (const fix of FIX_IDS) {
        const box = within(group).getByRole('checkbox', { name: fix });
        expect(getComputedStyle(document.getElementById(`fix-${fix}`)!).display).toBe('none');
        expect(box).toHaveAccessibleDescription(new RegExp(`^${escape(FIXES[fix]!.summary)}`));
        expect(box.closest('label')!.title.startsWith(FIXES[fix]!.summary)).toBe(true);
      }
      expect(within(group).getByText('What do the fixes change?')).toBeInTheDocument();
    } finally {
      style.remove();
    }
  });
  it('the story keeps its title, its description and then Show more, in that order', async () => {
    await selectScenario('seed-002-issue-1');
    render(<ScenarioInfo />);
    const info = screen.getByRole('region', { name: 'Scenario description' });
    const kids = [...info.children].map((el) => el.tagName.toLowerCase());
    expect(kids).toEqual(['h2', 'p', 'button']);
    expect(within(info).getByRole('button')).toHaveTextContent('Show more');
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
