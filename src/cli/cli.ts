// The CLI as a function: argv and three I/O callbacks in, an exit status out. Keeping Node out of
// this file lets the tests drive every command in-process; src/cli/main.ts binds it to Node.
import {
  type Config,
  loadScenario,
  parseJsonText,
  passedPlanFaults,
  passedWords,
  run,
  toMarkdownTable,
  toMermaid,
  type RunResult,
} from '../engine/index';
import { BUILTINS, builtinById } from '../scenarios/index';
import { parseCheckArgs, parseCompareArgs, parseRunArgs, type RunArgs } from './args';
import { MESSAGES, USAGE } from './messages';
import { checkCommand } from './check';
import { compareCommand } from './compare';

export interface CliIo {
  /** Write to standard output (the result); the text carries its own newlines. */
  stdout(s: string): void;
  /** Write to standard error (diagnostics). */
  stderr(s: string): void;
  /** Read a UTF-8 file, or stdin for "-"; throws when it cannot (the CLI reports it as bad input). */
  readFile(path: string): string;
  /** A monotonic clock in milliseconds (for `check`'s timing); absent: timings read 0. */
  now?(): number;
  /** The process's heap limit in bytes (`check` keeps max-states within it); absent: no cap. */
  heapLimitBytes?: number;
  /** Heap in use now, in bytes (`check` stops a search before it fills the heap); absent: no watch. */
  heapUsedBytes?(): number;
}

export const EXIT_OK = 0;
export const EXIT_VIOLATION = 1;
export const EXIT_USAGE = 2;

export function main(argv: readonly string[], io: CliIo): number {
  try {
    return dispatch(argv, io);
  } catch (e) {
    // Bad input is handled before it gets here; a throw is an engine bug, still not a crash.
    io.stderr(`${MESSAGES.internal(e instanceof Error ? e.message : String(e))}\n`);
    return EXIT_USAGE;
  }
}

function dispatch(argv: readonly string[], io: CliIo): number {
  const [command, ...rest] = argv;
  if (command === undefined) return usageError(io, MESSAGES.noCommand);
  if (
    ['help', '--help', '-h'].includes(command) ||
    rest.includes('--help') ||
    rest.includes('-h')
  ) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  switch (command) {
    case 'list':
      if (rest.length > 0) return usageError(io, MESSAGES.listArgument(rest[0]!));
      io.stdout(
        `${JSON.stringify(
          BUILTINS.map((b) => ({ id: b.id, title: b.title, references: b.references ?? [] })),
          null,
          2,
        )}\n`,
      );
      return EXIT_OK;
    case 'run': {
      const args = parseRunArgs(rest);
      return 'error' in args ? usageError(io, args.error) : runCommand(args, io);
    }
    case 'check': {
      const args = parseCheckArgs(rest);
      return 'error' in args ? usageError(io, args.error) : checkCommand(args, io, readTarget);
    }
    case 'compare': {
      const args = parseCompareArgs(rest);
      return 'error' in args ? usageError(io, args.error) : compareCommand(args, io);
    }
    default:
      return usageError(io, MESSAGES.unknownCommand(command));
  }
}

function usageError(io: CliIo, message: string): number {
  io.stderr(`${message}\n\n${USAGE}`);
  return EXIT_USAGE;
}

/** The scenario argument that reads stdin (an extension: the contract names files and built-ins). */
export const STDIN = '-';

/** How messages name a scenario argument: its path or id, or `<stdin>`. */
export const sourceName = (target: string): string => (target === STDIN ? '<stdin>' : target);

/** Read and validate a file or built-in; on bad input print why (field by field) and return null. */
export function loadTarget(
  target: string,
  fixes: readonly string[],
  io: CliIo,
  read: typeof readTarget = readTarget,
) {
  const source = read(target, io);
  if (!source) return null;
  const loaded = loadScenario(source.json, fixes);
  if (loaded.ok) return loaded;
  io.stderr(`${MESSAGES.invalid(sourceName(target), loaded.errors.length)}\n`);
  for (const e of loaded.errors) io.stderr(`  ${e.path}: ${e.message}\n`);
  return null;
}

function runCommand(args: RunArgs, io: CliIo): number {
  const loaded = loadTarget(args.target, args.fixes, io);
  if (!loaded) return EXIT_USAGE;
  const result = run(loaded.config, loaded.schedule);
  if (result.error) {
    io.stderr(`${MESSAGES.scheduleError(sourceName(args.target), result.error.message)}\n`);
    return EXIT_USAGE;
  }
  const unfired = unfiredFaults(loaded.config, result);
  if (unfired.unreachable.length > 0) {
    io.stderr(`${MESSAGES.unreachableStep(sourceName(args.target), unfired.unreachable.length)}\n`);
    for (const e of unfired.unreachable) io.stderr(`  ${e}\n`);
    return EXIT_USAGE;
  }
  for (const w of unfired.never) io.stderr(`${w}\n`);
  for (const p of passedPlanFaults(result))
    io.stderr(`${MESSAGES.passedBy(p.index, p.kind, passedWords(p))}\n`);
  if (result.endedBy === 'max-steps') io.stderr(`${MESSAGES.maxSteps(result.steps.length - 1)}\n`);
  if (result.endedBy === 'loop') io.stderr(`${MESSAGES.loop(result.steps.length - 1)}\n`);
  for (const note of result.endNotes)
    io.stderr(`${MESSAGES.quiet(result.steps.length - 1, note)}\n`);
  io.stdout(`${render(result, args.format)}\n`);
  return result.violations.length > 0 ? EXIT_VIOLATION : EXIT_OK;
}

/**
 * The plan's triggered faults that never fired in this run. A `{ "step": n }` past the run's last
 * step cannot fire in it: that is bad input (exit 2, naming `$.faults[i].after.step`), not a green
 * run with a fault silently left out. A fault whose event never happened, or that was due but never
 * applied (the warning then names the step its trigger happened at), is the model's answer, not the
 * file's mistake: a warning on stderr.
 */
export function unfiredFaults(
  config: Config,
  result: RunResult,
): { unreachable: string[]; never: string[] } {
  const last = result.steps[result.steps.length - 1]!;
  const out = { unreachable: [] as string[], never: [] as string[] };
  for (const rt of last.world.plan) {
    const f = config.faults[rt.index]!;
    if (rt.spent || !('after' in f) || f.after === undefined) continue;
    if ('step' in f.after && f.after.step > last.index)
      out.unreachable.push(
        `$.faults[${rt.index}].after.step: ${MESSAGES.stepPastEnd(last.index, result.endedBy, f.after.step)}`,
      );
    else {
      // Armed (its trigger happened) but never applicable until the end — e.g. a message TTL with no
      // backlog left (`expireMessages` returns at once): the trigger did happen, so say so.
      const armedAt = result.steps.find((s) =>
        s.world.plan.some((x) => x.index === rt.index && x.armed),
      )?.index;
      out.never.push(
        armedAt === undefined
          ? MESSAGES.neverFired(rt.index, f.kind, last.index)
          : MESSAGES.neverActed(rt.index, f.kind, armedAt, last.index),
      );
    }
  }
  return out;
}

/** A built-in's JSON or a file's parsed JSON (which may be any value); null after reporting why not. */
export function readTarget(target: string, io: CliIo): { json: unknown } | null {
  const builtin = builtinById(target);
  if (builtin) return { json: builtin };
  let text: string;
  try {
    text = io.readFile(target);
  } catch (e) {
    const looksLikePath = target === STDIN || /[/\\]|\.json$/i.test(target);
    const why = e instanceof Error ? e.message : String(e);
    const code = (e as { code?: unknown } | null)?.code;
    const message =
      code === 'EISDIR' || why.startsWith('EISDIR')
        ? MESSAGES.isDirectory(target)
        : looksLikePath
          ? MESSAGES.unreadable(sourceName(target), why)
          : MESSAGES.unknownBuiltin(
              target,
              BUILTINS.map((b) => b.id),
            );
    io.stderr(`${message}\n`);
    return null;
  }
  const parsed = parseJsonText(text);
  if (parsed.ok) return { json: parsed.json };
  io.stderr(`${MESSAGES.notJson(sourceName(target), parsed.error)}\n`);
  return null;
}

function render(result: RunResult, format: RunArgs['format']): string {
  switch (format) {
    case 'json': {
      const { scenario, steps, violations, stored, outcomes, endedBy, endNotes, endNotesDetail } =
        result;
      const list = violations.map(({ invariant, step, messages, detail }) => ({
        invariant,
        step,
        messages,
        detail,
      }));
      // `endNotes` (an addition) only when there is something to say: every other run's JSON is as before.
      // `endNotesDetail` beside it gives each note's faults as plan entries, for a script to add them.
      const notes = endNotes.length > 0 ? { endNotes, endNotesDetail } : {};
      return JSON.stringify(
        {
          scenario,
          steps: steps.length - 1,
          violations: list,
          stored,
          outcomes,
          endedBy,
          ...notes,
        },
        null,
        2,
      );
    }
    case 'mermaid':
      return toMermaid(result).text;
    case 'markdown':
      return toMarkdownTable(result);
  }
}
