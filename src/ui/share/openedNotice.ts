// What opening a link found, in the share store's notice once its recipe ran (./openLink): the
// replay verified against the state the link's author saw, or the step where it diverges (./verify);
// and, since session 26, how the explorer found the run (the link's `found`, said as the page that
// searched said it, ./foundBy.ts), or why the link's note of it was left out.
import { appStore } from '../store';
import type { ShareRecipe } from './codec';
import { foundOf, foundSentence } from './foundBy';
import { linkSummary } from './linkSummary';
import { shareStore } from './shareStore';
import { divergence } from './verify';

/** A found part the run opened without: what was wrong, and that the run itself is all there. */
const foundIgnoredWords = (why: string): string =>
  `The link's note of how the explorer found this run was left out: ${why}. The run itself is as the link describes it.`;

/** Says what opening `r` found, on the run now on screen. */
export function sayOpened(r: ShareRecipe): void {
  const s = appStore.getState();
  // How the explorer found the run, as the page that searched said it (UX review 24's finding 6,
  // carried since session 26), or why the link's note of it was left out.
  const said = foundOf(s);
  const found = {
    ...(said ? { found: foundSentence(said) } : {}),
    ...(r.foundIgnored ? { ignored: foundIgnoredWords(r.foundIgnored) } : {}),
  };
  if (!s.result || !r.check) {
    // Nothing to verify the replay against: how it was found is said beside any notice there.
    const before = shareStore.getState().notice;
    if (said || r.foundIgnored)
      shareStore.setState({
        notice: { ok: before?.ok ?? true, text: before?.text ?? 'Opened from a link.', ...found },
      });
    return;
  }
  const shown = s.branches[s.branch]?.schedule.length ?? 0;
  const cut = shown < r.schedule.length;
  const at = divergence(s.result, r.step, r.check);
  if (at === null && s.cursor === r.step) {
    shareStore.setState({
      notice: {
        ok: true,
        text: `Opened from a link: replayed ${r.step} step${r.step === 1 ? '' : 's'} and verified the state. ${linkSummary(s)}.`,
        ...found,
      },
    });
    return;
  }
  const why = cut
    ? `the recipe's choice for step ${shown + 1} is no longer possible`
    : s.cursor < r.step
      ? `the run now ends at step ${s.cursor}`
      : 'the engine now reaches a different state';
  shareStore.setState({
    notice: {
      ok: false,
      text: `This link was made with a different version of the engine: the replay diverges at step ${at ?? r.step} (${why}). What could be replayed is shown; steps before ${at ?? r.step} are as the link's author saw them.`,
      ...found,
    },
  });
}
