// The CLI's user-facing texts — the usage, every usage error, warning and note — kept in one place
// so their wording can be reviewed (and documented in docs/cli.md) together, with the formats and
// option ranges they quote.

import {
  FIX_IDS,
  MAX_EXPLORE_DEPTH,
  MAX_EXPLORE_FAULTS as MAX_FAULTS,
  MAX_EXPLORE_STATES,
} from '../engine';

export const FORMATS = ['json', 'mermaid', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  list                              built-in scenarios as JSON (id, title, references)
  run <file.json | builtin-id>      run the scenario's schedule and print the result
      --fix ID                      turn a fix on; repeatable, adds to the file's "fixes"
      --format json|mermaid|markdown
                                    the result as JSON (default), a Mermaid sequence
                                    diagram, or a Markdown timeline table
  check <file.json | builtin-id>    explore every interleaving and fault placement within bounds
      --fix ID                      as for run
      --max-depth N                 longest trace explored, 1 to ${MAX_EXPLORE_DEPTH} (default: the scenario's explore block, else 80)
      --max-faults K                faults per run, 0 to ${MAX_FAULTS} (default: the explore block's max, else 0)
      --max-states S                distinct states before stopping, 1 to ${MAX_EXPLORE_STATES} (default: the block's, else 750000: about 0.4 GB of heap at ~560 bytes a state)
  compare <file.json | builtin-id>  check the scenario as it is and with each fix, one table
      --fix ID                      a fix to compare; repeatable (default: every fix that
                                    changes a class this scenario models)
      --max-depth N, --max-faults K, --max-states S
                                    as for check, for every search
      --format json|markdown        the verdicts as JSON (default) or a Markdown table
  help                              this text (also --help, -h)

A scenario "-" is read from stdin. Flags may be written --flag=value; an option other than
--fix may be repeated only with the same value.

Exit status: 0 no violation (check: also when cut short, "complete" says so), 1 a violation,
2 bad input or usage. compare: 0 once every search ran (the verdicts are its output), 2 bad input.
`;

/**
 * `check`'s bounds take the explore block's ranges (`$.explore.maxDepth`, `.maxStates`,
 * `.faults.max`): a bound the file could not ask is not one the flag may ask either (0 states or
 * depth 0 would search nothing).
 */
export const BOUND_RANGES = {
  '--max-depth': { min: 1, max: MAX_EXPLORE_DEPTH, field: 'explore.maxDepth' },
  '--max-faults': { min: 0, max: MAX_FAULTS, field: 'explore.faults.max' },
  '--max-states': { min: 1, max: MAX_EXPLORE_STATES, field: 'explore.maxStates' },
} as const;
export type BoundFlag = keyof typeof BOUND_RANGES;

export const MESSAGES = {
  noCommand: 'no command given',
  unknownCommand: (c: string) =>
    `unknown command "${c}"; expected list, run, check, compare or help`,
  unknownFlag: (f: string) =>
    `unknown option "${f}"; run accepts --fix ID and --format json|mermaid|markdown`,
  missingValue: (f: string) => `option ${f} needs a value`,
  unknownFormat: (f: string) => `unknown format "${f}"; expected one of ${FORMATS.join(', ')}`,
  noTarget: 'run needs a scenario: a file path (.json) or a built-in id (see `list`)',
  extraArgument: (a: string, command: string) =>
    `unexpected argument "${a}"; ${command} takes one scenario`,
  listArgument: (a: string) => `unexpected argument "${a}"; list takes none`,
  unknownFix: (id: string) => `unknown fix "${id}"; expected one of ${FIX_IDS.join(', ')}`,
  bound: (flag: BoundFlag, v: string) => {
    const { min, max, field } = BOUND_RANGES[flag];
    return `option ${flag} needs a whole number from ${min} to ${max} (as ${field}), got "${v}"`;
  },
  givenTwice: (flag: string, first: string, second: string) =>
    `option ${flag} given twice ("${first}", then "${second}"); give it once`,
  stdinTwice: 'only one scenario can be read from stdin ("-")',
  unknownBuiltin: (id: string, ids: readonly string[]) =>
    `"${id}" is not a built-in scenario (built-ins: ${ids.join(', ')}); to run a file, give its path ending in .json`,
  unreadable: (path: string, why: string) => `cannot read ${path}: ${why}`,
  isDirectory: (path: string) =>
    `cannot read ${path}: it is a directory; expected a scenario file (.json) or a built-in id`,
  notJson: (source: string, why: string) => `${source}: not valid JSON: ${why}`,
  invalid: (source: string, n: number) =>
    `${source}: not a valid scenario (${n} ${n === 1 ? 'error' : 'errors'}):`,
  scheduleError: (source: string, detail: string) => `${source}: schedule error: ${detail}`,
  unreachableStep: (source: string, n: number) =>
    `${source}: the fault plan waits for a step the run never reaches (${n} ${n === 1 ? 'error' : 'errors'}):`,
  stepPastEnd: (last: number, endedBy: string, got: number) =>
    `expected a step from 0 to ${last}, the run's last (it ended ${endedBy === 'quiescent' ? 'with nothing left to do' : endedBy === 'loop' ? 'in a loop' : 'at the step limit'}; a fault fires after its step), got ${got}`,
  stepPastDepth: (index: number, step: number, depth: number) =>
    `warning: $.faults[${index}].after.step ${step} is past the search's depth: the fault would be step ${step + 1}, and max-depth is ${depth}, so no trace searched has it (raise --max-depth)`,
  kindNeverActs: (index: number, kind: string, why: string) =>
    `warning: $.explore.faults.kinds[${index}] (${kind}) can never act in this scenario (${why}): the search places none of it`,
  neverFired: (index: number, kind: string, last: number) =>
    `warning: $.faults[${index}] (${kind}) never fired: its trigger did not happen in the ${last} steps of this run`,
  neverActed: (index: number, kind: string, armed: number, last: number) =>
    `warning: $.faults[${index}] (${kind}) never fired: its trigger happened at step ${armed}, but it could not act before the run ended at step ${last}`,
  passedBy: (index: number, kind: string, words: string) =>
    `warning: $.faults[${index}] (${kind}) ${words}`,
  maxSteps: (n: number) => `warning: stopped after ${n} steps without reaching a quiescent state`,
  quiet: (n: number, note: string) => `note: the run ended quiescent after step ${n}, but ${note}`,
  loop: (n: number) =>
    `note: stopped after step ${n}: the run came back to a state it had been in, so it would repeat it forever (a livelock: what is pending stays pending)`,
  unknownCheckFlag: (f: string) =>
    `unknown option "${f}"; check accepts --fix ID, --max-depth N, --max-faults K and --max-states S`,
  noCheckTarget: 'check needs a scenario: a file path (.json) or a built-in id (see `list`)',
  unknownCompareFlag: (f: string) =>
    `unknown option "${f}"; compare accepts --fix ID, --max-depth N, --max-faults K, --max-states S and --format json|markdown`,
  compareFormat: (f: string) => `unknown format "${f}"; compare prints json or markdown`,
  noCompareTarget: 'compare needs a scenario: a file path (.json) or a built-in id (see `list`)',
  noFixApplies: (id: string) =>
    `${id}: no fix changes a class this scenario models (give one with --fix ID)`,
  comparing: (fix: string, i: number, n: number) => `search ${i} of ${n}: ${fix}`,
  cutShort: (states: number, why: string) =>
    `note: the search stopped after ${states} states (${why === 'max-states' ? 'max-states: the memory bound, about 2 KB a state; raise it with --max-states' : why === 'memory' ? 'memory: the heap was nearly full' : 'max-depth: longer traces were not explored; raise it with --max-depth'}); "complete" is false`,
  memoryCap: (asked: number, fits: number, heapMb: number) =>
    `note: --max-states ${asked} would not fit in this process's ${heapMb} MB heap (about 2 KB a state): capped at ${fits}; run with NODE_OPTIONS=--max-old-space-size=<MB> to allow more`,
  heapFull: (states: number, usedMb: number, limitMb: number) =>
    `note: stopping at ${states} states: the heap holds ${usedMb} of ${limitMb} MB; run with NODE_OPTIONS=--max-old-space-size=<MB> or a lower --max-states`,
  internal: (why: string) => `internal error (a bug in Dedup Lab, please report it): ${why}`,
} as const;
