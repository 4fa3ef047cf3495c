// What the Share bar's buttons make of the run on screen, apart from the bar that shows what
// happened: Copy for GitHub's markdown (gathered from the store: the link, the fixes on, a fork,
// an edited scenario, how the explorer found the run — share/github.ts builds it), the Mermaid
// source, and the diagram downloaded as SVG or PNG (2×), always in the light theme
// (share/lightDiagram.ts says why). Each returns the text to copy, or the words the bar says.
import { toMermaid } from '../../../engine';
import { builtinById } from '../../../scenarios';
import { appStore, fixesOn, scenarioOf } from '../../store';
import { buildGithubComment } from '../../share/github';
import { saveBlob, svgToPng } from '../../share/download';
import { lightDiagramSvg } from '../../share/lightDiagram';
import { forkOf } from '../../share/fork';
import { foundOf } from '../../share/foundBy';
import { linkFor } from '../../share/sync';

/** Copy for GitHub's markdown of the run on screen; null before a run or a link. */
export async function githubText(): Promise<string | null> {
  const s = appStore.getState();
  const link = await linkFor(s);
  if (!s.result || !link) return null;
  const sc = scenarioOf(s);
  const title = typeof sc?.title === 'string' ? sc.title : s.scenarioId;
  return buildGithubComment({
    title,
    scenarioId: s.scenarioId,
    result: s.result,
    step: s.cursor,
    link,
    // The scenario's own fixes are on too: the heading names every fix the run has on.
    fixes: fixesOn(s.fixes, sc?.fixes),
    fork: forkOf(s),
    edited: editedOf(s.custom, s.scenarioId),
    found: foundOf(s),
  }).text;
}

/** Whether the run's scenario is the editor's, as the share address judges it (share/address.ts). */
function editedOf(custom: Readonly<Record<string, unknown>> | null, id: string) {
  if (custom === null) return null;
  const builtin = builtinById(id);
  if (!builtin) return 'own';
  return JSON.stringify(builtin) === JSON.stringify(custom) ? null : 'builtin';
}

/** The whole run's Mermaid source; null before a run. */
export function mermaidText(): string | null {
  const result = appStore.getState().result;
  return result ? toMermaid(result).text : null;
}

/** Saves the diagram as `<scenario>.svg` or `.png` and says what happened, or why it could not. */
export async function downloadDiagram(kind: 'svg' | 'png'): Promise<string> {
  const name = appStore.getState().scenarioId;
  const dark = appStore.getState().theme === 'dark';
  try {
    const svg = await lightDiagramSvg();
    if (!svg) return 'The diagram is not drawn yet.';
    if (kind === 'svg') saveBlob(new Blob([svg.text], { type: 'image/svg+xml' }), `${name}.svg`);
    else saveBlob(await svgToPng(svg, 2, '#ffffff'), `${name}.png`);
    return `Downloaded ${name}.${kind}${dark ? ', drawn in the light theme' : ''}.`;
  } catch (e) {
    return `The ${kind.toUpperCase()} could not be made: ${e instanceof Error ? e.message : String(e)}`;
  }
}
