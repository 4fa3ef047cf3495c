// Command-line parsing: each command's flags and target, or the usage error to print (the texts
// are in messages.ts).

import { FIX_IDS } from '../engine';
import { BOUND_RANGES, FORMATS, MESSAGES, type BoundFlag, type Format } from './messages';

export interface RunArgs {
  readonly target: string;
  readonly fixes: readonly string[];
  readonly format: Format;
}

/**
 * Walk a command's arguments: one positional target, and flags written `--flag value` or
 * `--flag=value` (only those `known` accepts). Each flag's value goes to `onFlag`, which may
 * return a usage error. A flag that takes one value (all but `--fix`) may be repeated with the
 * same value; with another it is an error, not "the last one wins": a script that appends a flag
 * to a list that already has it would otherwise run with a value nobody sees.
 */
function walkArgs(
  command: string,
  args: readonly string[],
  known: (flag: string) => boolean,
  unknown: (flag: string) => string,
  onFlag: (flag: string, value: string) => string | null,
): { target: string | undefined } | { error: string } {
  let target: string | undefined;
  const given = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '-') {
      if (target !== undefined) return { error: MESSAGES.extraArgument(arg, command) };
      target = arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    if (!known(flag)) return { error: unknown(flag) };
    const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--')))
      return { error: MESSAGES.missingValue(flag) };
    const before = given.get(flag);
    if (flag !== '--fix' && before !== undefined && before !== value)
      return { error: MESSAGES.givenTwice(flag, before, value) };
    given.set(flag, value);
    const error = onFlag(flag, value);
    if (error !== null) return { error };
  }
  return { target };
}

/** `--fix ID`, as every command takes it: a fix the engine knows, added to `fixes`. */
function takeFix(id: string, fixes: string[]): string | null {
  if (!(FIX_IDS as readonly string[]).includes(id)) return MESSAGES.unknownFix(id);
  fixes.push(id);
  return null;
}

/** `run`'s arguments, or the usage error to print. Flags may be written `--fix ID` or `--fix=ID`. */
export function parseRunArgs(args: readonly string[]): RunArgs | { error: string } {
  const fixes: string[] = [];
  let format: Format = 'json';
  const walked = walkArgs(
    'run',
    args,
    (f) => f === '--fix' || f === '--format',
    MESSAGES.unknownFlag,
    (flag, value) => {
      if (flag === '--fix') return takeFix(value, fixes);
      if (!(FORMATS as readonly string[]).includes(value)) return MESSAGES.unknownFormat(value);
      format = value as Format;
      return null;
    },
  );
  if ('error' in walked) return walked;
  if (walked.target === undefined) return { error: MESSAGES.noTarget };
  return { target: walked.target, fixes, format };
}

export interface CheckArgs {
  readonly target: string;
  readonly fixes: readonly string[];
  readonly maxDepth?: number;
  readonly maxFaults?: number;
  readonly maxStates?: number;
}

const CHECK_BOUNDS = {
  '--max-depth': 'maxDepth',
  '--max-faults': 'maxFaults',
  '--max-states': 'maxStates',
} as const;

/** `check`'s arguments, or the usage error to print. */
export function parseCheckArgs(args: readonly string[]): CheckArgs | { error: string } {
  const parsed = parseSearchArgs(args, false);
  if ('error' in parsed) return parsed;
  const { format: _, ...check } = parsed;
  return check;
}

export interface CompareArgs extends CheckArgs {
  readonly format: 'json' | 'markdown';
}

/** `compare`'s arguments: check's, and `--format json|markdown`. */
export const parseCompareArgs = (args: readonly string[]): CompareArgs | { error: string } =>
  parseSearchArgs(args, true);

function parseSearchArgs(
  args: readonly string[],
  compare: boolean,
): CompareArgs | { error: string } {
  const fixes: string[] = [];
  const bounds: { maxDepth?: number; maxFaults?: number; maxStates?: number } = {};
  let format: CompareArgs['format'] = 'json';
  const known = (f: string) => f === '--fix' || f in CHECK_BOUNDS || (compare && f === '--format');
  const walked = walkArgs(
    compare ? 'compare' : 'check',
    args,
    known,
    compare ? MESSAGES.unknownCompareFlag : MESSAGES.unknownCheckFlag,
    (flag, value) => {
      if (flag === '--fix') return takeFix(value, fixes);
      if (flag === '--format') {
        if (value !== 'json' && value !== 'markdown') return MESSAGES.compareFormat(value);
        format = value;
        return null;
      }
      const { min, max } = BOUND_RANGES[flag as BoundFlag];
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(n >= min && n <= max)) return MESSAGES.bound(flag as BoundFlag, value);
      bounds[CHECK_BOUNDS[flag as keyof typeof CHECK_BOUNDS]] = Number(value);
      return null;
    },
  );
  if ('error' in walked) return walked;
  if (walked.target === undefined)
    return { error: compare ? MESSAGES.noCompareTarget : MESSAGES.noCheckTarget };
  return { target: walked.target, fixes, ...bounds, format };
}
