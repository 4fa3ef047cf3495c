// @vitest-environment node
// The CLI is a public contract (docs/cli.md): these tests pin its commands, JSON shape and exit
// statuses by calling `main` in-process with fake I/O, plus one real child process.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cli } from './fakeCli';
import { BUILTINS } from '../../src/scenarios/index';

const scenario = (patch: Record<string, unknown>) =>
  JSON.stringify({
    format: 'dedup-lab/scenario@1',
    id: 'tiny',
    topic: { deduplication: true },
    producers: [{ name: 'p1' }],
    workload: [{ send: 'M1', producer: 'p1' }],
    ...patch,
  });

describe('cli: list', () => {
  it('prints every built-in as {id, title, references}', () => {
    const r = cli(['list']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; title: string; references: string[] }[];
    expect(list.map((s) => s.id)).toEqual(BUILTINS.map((b) => b.id));
    expect(list.map((s) => s.id)).toContain('seed-000-checksum-corrupted');
    for (const s of list) expect(Object.keys(s)).toEqual(['id', 'title', 'references']);
  });
});

describe('cli: run', () => {
  it('seed-003-a-go: M2 is lost → exit 1, the contract JSON', () => {
    const r = cli(['run', 'seed-003-a-go']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const out = r.json();
    // The contract's keys, in its order, then the additions (endedBy).
    expect(Object.keys(out)).toEqual([
      'scenario',
      'steps',
      'violations',
      'stored',
      'outcomes',
      'endedBy',
    ]);
    expect(out.scenario).toBe('seed-003-a-go');
    expect(out.violations).toEqual([
      expect.objectContaining({ invariant: 'no-silent-loss', step: 12, messages: ['M2'] }),
    ]);
    expect(out.stored).toEqual({ local: ['M0', 'M1'] });
  });

  it('seed-003-a-go --fix go-1565: nothing lost → exit 0', () => {
    const r = cli(['run', 'seed-003-a-go', '--fix', 'go-1565']);
    expect(r.code).toBe(0);
    expect(r.json().stored).toEqual({ local: ['M0', 'M1', 'M2'] });
    expect(r.json().violations).toEqual([]);
  });

  it('seed-003-b-go --fix=go-isolate-resends: half the fix lets a duplicate through → exit 1', () => {
    const r = cli(['run', 'seed-003-b-go', '--fix=go-isolate-resends']);
    expect(r.code).toBe(1);
    expect((r.json().violations as { invariant: string }[]).map((v) => v.invariant)).toEqual([
      'no-duplicates',
    ]);
  });

  it('a file runs like a built-in, and its fixes combine with --fix', () => {
    // go-1565 is exactly its two halves: one from the file, one from the flag.
    const files = {
      'a.json': JSON.stringify({ ...BUILTINS[0], fixes: ['go-highest-sequence-id'] }),
    };
    const r = cli(['run', 'a.json', '--fix', 'go-isolate-resends'], files);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(cli(['run', 'seed-003-a-go', '--fix', 'go-1565']).stdout);
  });

  it.each([
    ['mermaid', /^sequenceDiagram\n/],
    [
      'markdown',
      /^Each row is one step[^\n]*\n\n\| step \| p1 \| broker-1 \| local ledger \| invariants \|/,
    ],
  ])('--format %s prints the rendering', (format, start) => {
    const r = cli(['run', 'seed-003-a-go', '--format', format]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(start);
  });
});

describe('cli: bad input → exit 2 and a message naming the problem', () => {
  it.each([
    ['no command', [], {}, 'no command given'],
    ['unknown command', ['explode'], {}, 'unknown command "explode"'],
    ['unknown flag', ['run', 'seed-003-a-go', '--fast'], {}, 'unknown option "--fast"'],
    ['unknown format', ['run', 'seed-003-a-go', '--format', 'svg'], {}, 'unknown format "svg"'],
    ['flag without value', ['run', 'seed-003-a-go', '--fix'], {}, 'option --fix needs a value'],
    ['no scenario', ['run'], {}, 'run needs a scenario'],
    ['two scenarios', ['run', 'a', 'b'], {}, 'unexpected argument "b"'],
    ['unknown built-in', ['run', 'seed-999'], {}, '"seed-999" is not a built-in scenario'],
    ['missing file', ['run', 'gone.json'], {}, 'cannot read gone.json: ENOENT'],
    [
      'malformed JSON',
      ['run', 'bad.json'],
      { 'bad.json': '{ "format": ' },
      'bad.json: not valid JSON',
    ],
    [
      'a trailing comma: the line and column',
      ['run', 'comma.json'],
      { 'comma.json': '{\n  "id": "x",\n}' },
      '(line 3, column 1)',
    ],
    [
      'JSON that is not an object',
      ['run', 'null.json'],
      { 'null.json': 'null' },
      '$: expected an object, got null',
    ],
    [
      'unknown fix',
      ['run', 'seed-003-a-go', '--fix', 'go-9999'],
      {},
      'unknown fix "go-9999"; expected one of go-1565,',
    ],
    [
      'check: unknown fix',
      ['check', 'seed-003-a-go', '--fix=go-9999'],
      {},
      'unknown fix "go-9999"; expected one of',
    ],
    [
      'check: two scenarios names check',
      ['check', 'a', 'b'],
      {},
      'unexpected argument "b"; check takes one scenario',
    ],
    ['list takes no argument', ['list', 'x'], {}, 'unexpected argument "x"; list takes none'],
    [
      'check: more faults than a file may ask',
      ['check', 'seed-003-a-go', '--max-faults', '50'],
      {},
      'option --max-faults needs a whole number from 0 to 10',
    ],
    [
      'a fault naming a message nobody sends',
      ['run', 'f.json'],
      { 'f.json': scenario({ faults: [{ kind: 'lose-receipt', message: 'NOPE' }] }) },
      '$.faults[0].message: expected a message the workload sends or topic.ledgers holds',
    ],
    [
      'expect naming an unknown invariant',
      ['run', 'e.json'],
      { 'e.json': scenario({ expect: { violations: ['nope'] } }) },
      '$.expect.violations[0]: expected one of "no-silent-loss"',
    ],
    [
      'invalid field',
      ['run', 'rust.json'],
      { 'rust.json': scenario({ producers: [{ name: 'p1', client: 'rust' }] }) },
      '$.producers[0].client: expected one of',
    ],
    [
      'schedule key not enabled',
      ['run', 's.json'],
      { 's.json': scenario({ schedule: ['connect:p1', 'teleport:p1'] }) },
      'step 2: "teleport:p1" is not enabled; enabled: ',
    ],
    [
      'check: unknown flag',
      ['check', 'seed-003-a-go', '--format', 'json'],
      {},
      'unknown option "--format"; check accepts',
    ],
    [
      'check: bound not a number',
      ['check', 'seed-003-a-go', '--max-depth', 'ten'],
      {},
      'option --max-depth needs a whole number from 1 to 100000 (as explore.maxDepth), got "ten"',
    ],
    ['check: no scenario', ['check'], {}, 'check needs a scenario'],
    [
      'check: invalid explore block',
      ['check', 'x.json'],
      { 'x.json': scenario({ explore: { faults: { kinds: ['meteor'] } } }) },
      '$.explore.faults.kinds[0]: expected one of',
    ],
  ])('%s', (_name, argv, files, message) => {
    const r = cli(argv, files);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });

  it('--help prints the usage on stdout → exit 0', () => {
    for (const argv of [['--help'], ['help'], ['run', '--help']]) {
      const r = cli(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: npm run cli -- <command>/);
    }
  });
});

describe('cli: check', () => {
  it('a violation → exit 1, the contract JSON with the shortest trace per invariant', () => {
    const r = cli(['check', 'seed-003-a-go-explore']);
    expect(r.code).toBe(1);
    const out = r.json();
    expect(Object.keys(out)).toEqual([
      'scenario',
      'complete',
      'stopReason',
      'states',
      'transitions',
      'seconds',
      'statesPerSecond',
      'safety',
      'liveness',
      'bounds',
      'violations',
    ]);
    expect(out).toMatchObject({
      scenario: 'seed-003-a-go-explore',
      complete: true,
      stopReason: null,
      safety: 'violated',
      liveness: 'not-applicable',
    });
    const [v] = out.violations as { invariant: string; length: number; trace: string[] }[];
    expect(v).toMatchObject({ invariant: 'no-silent-loss', length: v!.trace.length });
    expect(v!.trace.at(-1)).toBe('deliver:broker-1->p1:M0+M2');
  });

  it('no violation → exit 0, complete', () => {
    const r = cli(['check', 'seed-003-a-go-explore', '--fix', 'go-1565']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ complete: true, violations: [], safety: 'holds' });
  });

  it('cut short by a bound → exit 0, complete: false, a note on stderr; flags override the explore block', () => {
    const r = cli(['check', 'seed-000-explore', '--max-states', '5', '--max-faults=0']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      complete: false,
      stopReason: 'max-states',
      bounds: { maxStates: 5, faults: { kinds: ['checksum-error'], max: 0 } },
    });
    expect(r.stderr).toContain('the search stopped after');
    // A depth cut says so in the JSON too (review 14: the reason was only on stderr).
    expect(
      cli(['check', 'seed-000-explore', '--max-depth', '3', '--max-faults=0']).json(),
    ).toMatchObject({ complete: false, stopReason: 'max-depth' });
  });

  it('a max-states that would not fit in the heap is capped, with a note, instead of crashing', () => {
    const r = cli(['check', 'seed-003-a-go-explore', '--max-states', '3000000'], {}, 100 * 2 ** 20);
    expect(r.stderr).toContain('note: --max-states 3000000 would not fit in this process');
    expect(r.json()).toMatchObject({ bounds: { maxStates: 36700 } });
    // A whole search in-process: more than the default 20 s guard when the machine is shared.
  }, 60_000);

  it('a heap that fills up (a frontier of large worlds) stops the search with a note, not a crash', () => {
    // seed-001-explore has ~85,000 states; the heap reads 90% full from the second slice on.
    let slices = 0;
    const r = cli(
      ['check', 'seed-001-explore'],
      {},
      4000 * 2 ** 20,
      () => (++slices > 1 ? 3600 : 100) * 2 ** 20,
    );
    const stopped = /note: stopping at (\d+) states: the heap holds 3600 of 4000 MB/.exec(r.stderr);
    expect(stopped).not.toBeNull();
    expect(r.stderr).toContain('(memory: the heap was nearly full); "complete" is false');
    const out = r.json() as { complete: boolean; stopReason: string; states: number };
    expect(out.complete).toBe(false);
    expect(out.stopReason).toBe('memory');
    expect(out.states).toBe(Number(stopped![1]));
    expect(out.states).toBeLessThan(60_000);
  }, 60_000);

  it('a file without an explore block: no faults, default bounds', () => {
    const r = cli(['check', 't.json'], { 't.json': scenario({}) });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      complete: true,
      bounds: { maxDepth: 80, faults: { kinds: [], max: 0 } },
    });
  });
});

describe('cli: how a run ended', () => {
  it('a Go checksum error on a corrupted buffer repeats forever: endedBy loop, and a note on stderr', () => {
    const files = {
      'loop.json': scenario({
        producers: [{ name: 'p1', client: 'go' }],
        workload: [
          { send: 'M1', producer: 'p1' },
          { send: 'M2', producer: 'p1' },
        ],
        faults: [{ kind: 'checksum-error', message: 'M2', localBufferCorrupted: true }],
      }),
    };
    const r = cli(['run', 'loop.json'], files);
    expect(r.code).toBe(0);
    expect((r.json() as { endedBy: string; outcomes: Record<string, string[]> }).endedBy).toBe(
      'loop',
    );
    expect((r.json() as { outcomes: Record<string, string[]> }).outcomes.M2).toEqual(['pending']);
    expect(r.stderr).toMatch(
      /^note: stopped after step \d+: the run came back to a state it had been in/,
    );
  });

  it('a replicator stuck for ever (target maxMessageSize below the source’s): replication-progress at the loop, exit 1', () => {
    // auto is weakly fair (src/engine/sim/run.ts): p1's M2 is sent while the replicator rewinds
    // on M1's NotAllowed; the loop that is left starves nothing, so it is judged as the explorer does.
    const files = {
      'stuck.json': JSON.stringify({
        format: 'dedup-lab/scenario@1',
        id: 'stuck',
        clusters: [
          { name: 'us-east', brokers: ['broker-1'] },
          { name: 'us-west', brokers: ['broker-2'] },
        ],
        topic: { deduplication: true, maxMessageSize: { 'us-west': 1000 } },
        producers: [{ name: 'p1', cluster: 'us-east' }],
        replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
        workload: [
          { send: 'M1', producer: 'p1', size: 2000 },
          { send: 'M2', producer: 'p1', size: 10 },
        ],
      }),
    };
    const r = cli(['run', 'stuck.json'], files);
    expect(r.code).toBe(1);
    const out = r.json() as {
      steps: number;
      endedBy: string;
      violations: { invariant: string; step: number; messages: string[]; detail: string }[];
    };
    expect(out).toMatchObject({
      steps: 25,
      endedBy: 'loop',
      stored: { 'us-east': ['M1', 'M2'], 'us-west': ['M2'] },
    });
    expect(out.violations).toEqual([
      {
        invariant: 'replication-progress',
        step: 22,
        messages: ['M1'],
        detail:
          'replication loops without progress from step 22 to step 25 (read:replicator, deliver:replicator->broker-2:M1, deliver:broker-2->replicator:M1); M1 never replicated',
      },
    ]);
    expect(r.stderr).toBe(
      'note: stopped after step 25: the run came back to a state it had been in, so it would repeat it forever (a livelock: what is pending stays pending)\n',
    );
  });

  it('a run that ends quietly says so', () => {
    const r = cli(['run', 'seed-003-a-go']);
    expect((r.json() as { endedBy: string }).endedBy).toBe('quiescent');
    expect(r.stderr).toBe('');
  });
});

describe('cli: compare', () => {
  it('seed-003-a-go-explore: as it is and with each Go fix — only the whole of PR 1565 holds, complete', () => {
    const r = cli(['compare', 'seed-003-a-go-explore']);
    expect(r.code).toBe(0);
    const out = r.json() as {
      scenario: string;
      rows: {
        fix: string | null;
        safety: string;
        complete: boolean;
        violations: { invariant: string; length: number; trace: string[] }[];
      }[];
    };
    expect(out.scenario).toBe('seed-003-a-go-explore');
    // Every Go fix is compared (the scenario has a Go producer); none of seed 000's or PR 24722.
    expect(out.rows.map((x) => x.fix)).toEqual([
      null,
      'go-1565',
      'go-highest-sequence-id',
      'go-isolate-resends',
    ]);
    expect(out.rows.map((x) => [x.fix, x.safety, x.complete])).toContainEqual([
      'go-1565',
      'holds',
      true,
    ]);
    expect(out.rows[0]).toMatchObject({
      safety: 'violated',
      violations: [{ invariant: 'no-silent-loss' }],
    });
    expect(out.rows[0]!.violations[0]!.trace).toHaveLength(out.rows[0]!.violations[0]!.length);
    expect(r.stderr).toContain('search 4 of 4: go-isolate-resends');
    expect((out.rows[0]!.violations[0] as { detail?: string }).detail).toMatch(
      /was completed as a success with -1:-1/,
    );
  });

  it('--fix picks the fixes, --format markdown prints the table a GitHub comment takes', () => {
    const r = cli([
      'compare',
      'seed-000-not-allowed-explore',
      '--fix',
      'guard-rewind',
      '--fix=sentinel-not-confirmed',
      '--format',
      'markdown',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[2]).toBe('| fix | safety | liveness | found | search |');
    expect(lines.slice(4).map((l) => l.split(' | ')[0])).toEqual([
      '| none',
      '| `guard-rewind`',
      '| `sentinel-not-confirmed`',
    ]);
    // The stall the seed foresaw and the loss it did not; each proposal leaves only the stall.
    expect(lines[4]).toMatch(
      /^\| none \| violated \| violated \| replication-progress \(\d+ steps\), no-silent-loss \(\d+ steps\) \|/,
    );
    expect(lines[5]).toMatch(
      /\| holds \| violated \| replication-progress \(\d+ steps\) \| [\d,]+ states, complete \|$/,
    );
    expect(lines[6]).toMatch(/\| holds \| violated \| replication-progress/);
  });

  it('bad input: an unknown fix, a scenario no fix applies to, an unknown format → exit 2 naming it', () => {
    const unknown = cli(['compare', 'seed-000-explore', '--fix', 'no-such-fix']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/fixes.*no-such-fix|no-such-fix/);
    const none = cli(['compare', 't.json'], { 't.json': scenario({}) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'tiny: no fix changes a class this scenario models (give one with --fix ID)',
    );
    const format = cli(['compare', 'seed-000-explore', '--format', 'mermaid']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('unknown format "mermaid"; compare prints json or markdown');
  });
});

describe('cli: a broker crash (restart-broker) in a file', () => {
  const crash = (dedup: boolean, extra: Record<string, unknown>) =>
    scenario({
      topic: { deduplication: dedup },
      workload: [
        { send: 'M1', producer: 'p1' },
        { send: 'M2', producer: 'p1' },
      ],
      ...extra,
    });

  it('run: broker-1 dies after M1 is persisted, before its receipt; the resend is a duplicate, stored once → exit 0', () => {
    const file = crash(true, {
      faults: [
        { kind: 'restart-broker', cluster: 'local', after: { event: 'persisted', message: 'M1' } },
      ],
    });
    const r = cli(['run', 'crash.json'], { 'crash.json': file });
    expect(r.code).toBe(0);
    const out = r.json() as {
      stored: Record<string, string[]>;
      outcomes: Record<string, string[]>;
    };
    expect(out.stored).toEqual({ local: ['M1', 'M2'] });
    // The broker answers a duplicate with -1:-1 at once (MessageDeduplication.isDuplicate: Dup).
    expect(out.outcomes.M1).toEqual(['completed -1:-1']);
    const diagram = cli(['run', 'crash.json', '--format', 'mermaid'], {
      'crash.json': file,
    }).stdout;
    expect(diagram).toContain('broker-1 crashes and restarts');
    expect(diagram).toContain('Dup (seq 0 ≤ pushed 0, persisted 0): dropped, receipt -1:-1');
  });

  it('check: the crash placed anywhere once, dedup on → no violation, complete; a bad broker names the field → exit 2', () => {
    const ok = cli(['check', 'crash.json'], {
      'crash.json': crash(true, { explore: { faults: { kinds: ['restart-broker'], max: 1 } } }),
    });
    expect(ok.code).toBe(0);
    expect(ok.json()).toMatchObject({ violations: [], complete: true });
    const bad = cli(['run', 'bad.json'], {
      'bad.json': crash(true, {
        faults: [{ kind: 'restart-broker', cluster: 'local', to: 'broker-9', after: { step: 1 } }],
      }),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('$.faults[0].to');
  });
});

describe('cli: the real process', () => {
  it('npx tsx src/cli/main.ts run seed-003-a-go → exit 1, JSON on stdout', () => {
    const p = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'run', 'seed-003-a-go'], {
      cwd: process.cwd(),
      encoding: 'utf8',
    });
    expect(p.status).toBe(1);
    const out = JSON.parse(p.stdout) as { violations: { invariant: string }[] };
    expect(out.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  }, 60_000);
});
