// `compare`: the explorer's verdict on a scenario as it is and with each fix, in one table — the
// question issue threads argue over ("does this fix close the gap, or only make it visible?").
// The fixes compared are the ones given with --fix, else every fix that changes a class the
// scenario models (`fixApplies`); each is added to the scenario's own fixes, one at a time.
import {
  boundsText,
  explore,
  explorerBounds,
  fixesToCompare,
  fixTableMarkdown,
  type FixVerdict,
} from '../engine/index';
import type { CompareArgs } from './args';
import { MESSAGES } from './messages';
import { heapFull, warnKindsThatNeverAct, warnUnreachableSteps, withinMemory } from './check';
import { type CliIo, EXIT_OK, EXIT_USAGE, loadTarget, readTarget } from './cli';

export function compareCommand(
  args: CompareArgs,
  io: CliIo,
  read: typeof readTarget = readTarget,
): number {
  // Validated once with the flags (an unknown fix id is reported field by field), then taken as
  // written — from one read: stdin ("-") can be read only once.
  const source = read(args.target, io);
  if (!source) return EXIT_USAGE;
  const readOnce = () => source;
  if (!loadTarget(args.target, args.fixes, io, readOnce)) return EXIT_USAGE;
  const loaded = loadTarget(args.target, [], io, readOnce)!;
  const config = loaded.config;
  const fixes = args.fixes.length > 0 ? [...new Set(args.fixes)] : fixesToCompare(config);
  if (fixes.length === 0) {
    io.stderr(`${MESSAGES.noFixApplies(config.id)}\n`);
    return EXIT_USAGE;
  }
  const bounds = withinMemory(explorerBounds(config, args), io);
  warnUnreachableSteps(config, bounds.maxDepth, io);
  warnKindsThatNeverAct(config, io);
  const variants: (string | null)[] = [null, ...fixes];
  const rows: (FixVerdict & { seconds: number })[] = variants.map((fix, i) => {
    io.stderr(`${MESSAGES.comparing(fix ?? 'none', i + 1, variants.length)}\n`);
    const withFix =
      fix === null
        ? config
        : { ...config, fixes: [...config.fixes, fix as (typeof config.fixes)[number]] };
    const t0 = io.now?.() ?? 0;
    const result = explore(withFix, bounds, (ex) => heapFull(ex, io));
    return { fix, result, seconds: ((io.now?.() ?? 0) - t0) / 1000 };
  });
  const baseline = config.fixes.length > 0 ? `as written (${config.fixes.join(', ')})` : 'none';
  if (args.format === 'markdown')
    io.stdout(fixTableMarkdown(config.title, rows, boundsText(bounds), baseline));
  else {
    const out = {
      scenario: config.id,
      fixes: config.fixes,
      bounds,
      rows: rows.map(({ fix, result: r, seconds }) => ({
        fix,
        safety: r.safety,
        liveness: r.liveness,
        complete: r.complete,
        stopReason: r.stopReason,
        states: r.states,
        seconds: Number(seconds.toFixed(3)),
        violations: r.violations.map(({ invariant, length, trace, detail }) => ({
          invariant,
          length,
          detail,
          trace,
        })),
      })),
    };
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  }
  return EXIT_OK;
}
