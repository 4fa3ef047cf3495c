// UX review 9, left over: a link cut at or before its `=` (`#s`, `#s=`, `#embed`, `#embed=`) opened
// the default scenario and said nothing. It is a link of ours with nothing of its recipe: it says
// "incomplete … cut off" like a link cut inside its recipe, and the drafts are untouched. A
// fragment of another shape (an anchor another tool added) is not ours and stays silent.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { ShareRoot } from '../../src/ui/components/Share/Root';
import { openLink, parseHash, shareStore } from '../../src/ui/share/sync';
import { appStore, selectScenario, setRunner } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(() => {
  localStorage.clear();
  setRunner(directRunner);
  shareStore.setState({ mode: 'app', broken: null, notice: null });
  history.replaceState(null, '', '/');
});

describe('parseHash: a fragment cut before its recipe is still a link', () => {
  it.each([
    ['#s', 'app'],
    ['#s=', 'app'],
    ['#embed', 'embed'],
    ['#embed=', 'embed'],
  ] as const)('%s is a %s link with nothing in it', (hash, mode) => {
    expect(parseHash(hash)).toEqual({ mode, payload: '' });
  });

  it('whole links keep their payload', () => {
    expect(parseHash('#s=1.abc')).toEqual({ mode: 'app', payload: '1.abc' });
    expect(parseHash('#embed=1.a%2Db')).toEqual({ mode: 'embed', payload: '1.a-b' });
  });

  it.each([
    '',
    '#',
    '#readme',
    '#top',
    '#section-2',
    '#sx',
    '#sample=1.abc',
    '#embedded',
    '#zzz=1.abc',
  ])('%j is not ours: no link, nothing said', (hash) => {
    expect(parseHash(hash)).toBeNull();
  });
});

describe('opening a link cut before its recipe', () => {
  it.each([
    ['#s', 's'],
    ['#s=', 's'],
    ['#embed', 'embed'],
    ['#embed=', 'embed'],
  ] as const)(
    '%s in a fresh page: "This link is incomplete … cut off", drafts untouched',
    async (hash, name) => {
      localStorage.setItem(
        'dedup-lab-draft:my-receipt',
        '{"id": "my-receipt", "title": "My receipt"',
      );
      appStore.setState({ result: null });
      render(
        <ShareRoot>
          <App />
        </ShareRoot>,
      );
      const link = parseHash(hash)!;
      await act(() => openLink(link.payload, link.mode));
      const page = screen.getByTestId('broken-link');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        'This link is incomplete',
      );
      expect(page.textContent).toContain(
        `Dedup Lab could not open the run this link points at: the link is incomplete: nothing follows "#${name}", where its recipe should be. It was probably cut off when it was copied (long links often are).`,
      );
      expect(screen.getByTestId('broken-link-drafts').textContent).toBe(
        'Your drafts in this browser are untouched: “My receipt” (my-receipt), listed under Your drafts in the Scenario picker.',
      );
      expect(localStorage.getItem('dedup-lab-draft:my-receipt')).toBe(
        '{"id": "my-receipt", "title": "My receipt"',
      );
    },
    30_000,
  );

  it('#s pasted over a run: the run stays and a notice says the link was cut off', async () => {
    await selectScenario('geo-v2-clean');
    const before = appStore.getState().result;
    render(
      <ShareRoot>
        <App />
      </ShareRoot>,
    );
    await act(() => openLink('', 'app', true));
    expect(screen.queryByTestId('broken-link')).toBeNull();
    expect(appStore.getState().result).toBe(before);
    expect(screen.getByTestId('link-notice').textContent).toMatch(
      /^The link in the address was not opened\. The link is incomplete: nothing follows "#s", where its recipe should be\. It was probably cut off .* The run you had open is still here/,
    );
  }, 30_000);
});
