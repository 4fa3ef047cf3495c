// The opening most UI tests share: the app started with the engine run in this thread (the direct
// runner, no worker), so what a test reads from the store is the finished run.
import { setRunner, start } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

/** Start the app on the direct runner, on its first built-in (or the page's link). */
export async function startOnDirectRunner(): Promise<void> {
  setRunner(directRunner);
  await start();
}
