// Time travel over the run on screen: the cursor (clamped to the steps there are) and playback,
// which only moves the cursor — nothing here re-runs the engine.
import { appStore, lastIndex } from './state';

export function setCursor(index: number): void {
  const s = appStore.getState();
  const cursor = Math.min(Math.max(0, Math.trunc(index) || 0), lastIndex(s));
  if (cursor !== s.cursor) appStore.setState({ cursor });
}

export const stepForward = () => setCursor(appStore.getState().cursor + 1);
export const stepBack = () => setCursor(appStore.getState().cursor - 1);
export const stepFirst = () => setCursor(0);
export const stepLast = () => setCursor(lastIndex(appStore.getState()));

export const SPEEDS = [1, 2, 4, 8, 16] as const;

export function setPlaying(playing: boolean): void {
  const s = appStore.getState();
  // Play from the end starts again from the beginning.
  if (playing && s.result && s.cursor === lastIndex(s)) appStore.setState({ cursor: 0 });
  appStore.setState({ playing: playing && s.result !== null });
}

export const togglePlay = () => setPlaying(!appStore.getState().playing);

export function setSpeed(speed: number): void {
  appStore.setState({ speed });
}

/** One tick of playback: a step forward, and a stop at the end. */
export function playTick(): void {
  const s = appStore.getState();
  if (s.cursor < lastIndex(s)) stepForward();
  const t = appStore.getState();
  if (t.cursor >= lastIndex(t)) appStore.setState({ playing: false });
}
