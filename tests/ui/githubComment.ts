// Copy for GitHub's text of what is on screen — the store's scenario, run, step, fixes and fork —
// under a one-letter title and a stand-in for the page's link: what the share tests read.
import { forkOf } from '../../src/ui/share/fork';
import { buildGithubComment } from '../../src/ui/share/github';
import { appStore } from '../../src/ui/store';

/** The comment of what the app shows now (the link is `https://example.test/#s=1.x`). */
export function commentOnScreen(): string {
  const s = appStore.getState();
  return buildGithubComment({
    title: 't',
    scenarioId: s.scenarioId,
    result: s.result!,
    step: s.cursor,
    link: 'https://example.test/#s=1.x',
    fixes: s.fixes,
    fork: forkOf(s),
  }).text;
}
