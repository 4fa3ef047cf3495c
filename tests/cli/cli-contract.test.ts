// @vitest-environment node
// The CLI as a CI script meets it (contract review, docs/cli.md): every bad input gets exit 2 and a
// message that names the flag or field and what was expected — the exact text is pinned here —
// and never a stack trace; the extensions this review added (stdin "-", a byte order mark, a fault
// plan step the run never reaches, a flag given twice) are pinned too.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli';

/** Fake I/O: `files` by path ("-" is stdin); a missing one throws as Node does, with its code. */
function cli(argv: string[], files: Record<string, string | 'EISDIR'> = {}) {
  let stdout = '';
  let stderr = '';
  const reads: string[] = [];
  const code = main(argv, {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    readFile: (path) => {
      reads.push(path);
      const text = files[path];
      const fail = (c: string, what: string) =>
        Object.assign(new Error(`${c}: ${what}, read`), { code: c });
      if (text === 'EISDIR') throw fail('EISDIR', 'illegal operation on a directory');
      if (text === undefined) throw fail('ENOENT', `no such file or directory, open '${path}'`);
      return text;
    },
  });
  return { code, stdout, stderr, reads };
}

const USAGE_HEAD = '\n\nUsage: npm run cli -- <command> [options]';

const tiny = (patch: Record<string, unknown> = {}) => ({
  format: 'dedup-lab/scenario@1',
  id: 'tiny',
  topic: { deduplication: true },
  producers: [{ name: 'p1' }],
  workload: [{ send: 'M1', producer: 'p1' }],
  ...patch,
});
const text = (patch: Record<string, unknown> = {}) => JSON.stringify(tiny(patch), null, 2);

/** Two clusters, no replication: M1 is only ever written at us-east. */
const twoClusters = (patch: Record<string, unknown>) =>
  JSON.stringify({
    format: 'dedup-lab/scenario@1',
    id: 'two',
    clusters: [{ name: 'us-east' }, { name: 'us-west', brokers: ['broker-2'] }],
    producers: [{ name: 'p1', cluster: 'us-east' }],
    workload: [{ send: 'M1', producer: 'p1' }],
    ...patch,
  });

describe('cli contract: malformed JSON names the line, the column and what JSON expects', () => {
  it.each([
    [
      'a trailing comma in an array (V8 names no position for it)',
      '{\n  "format": "dedup-lab/scenario@1",\n  "producers": [ { "name": "p1" }, ]\n}',
      "f.json: not valid JSON: a trailing comma before ']': JSON allows no comma after the last item; remove it (line 3, column 36)",
    ],
    [
      'a comment (the contract writes its example as jsonc)',
      '// my scenario\n{}',
      "f.json: not valid JSON: a comment: JSON has no comments (the jsonc of the format's documentation is annotation); remove it (line 1, column 1)",
    ],
    [
      'an empty file',
      '',
      'f.json: not valid JSON: the text is empty; expected a JSON object (line 1, column 1)',
    ],
    [
      'a file cut short',
      '{\n  "id": "x",\n  "producers": [\n',
      "f.json: not valid JSON: the text ends inside the array '[' opened on line 3 at column 16: a ']' is missing (line 4, column 1)",
    ],
    [
      'a missing comma',
      '{ "id": "x"\n  "title": "t" }',
      `f.json: not valid JSON: a missing ',' before '"': JSON separates an object's members with commas (line 2, column 3)`,
    ],
    [
      'single quotes',
      "{ 'id': 'x' }",
      'f.json: not valid JSON: a single-quoted property name: JSON strings use double quotes (line 1, column 3)',
    ],
  ])('%s → exit 2', (_name, body, message) => {
    const r = cli(['run', 'f.json'], { 'f.json': body });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: `${message}\n` });
  });

  it('a byte order mark (Windows editors write one) is not the scenario’s: the file runs as without it', () => {
    const plain = cli(['run', 'f.json'], { 'f.json': text() });
    const bom = cli(['run', 'f.json'], { 'f.json': `\uFEFF${text()}` });
    expect(plain.code).toBe(0);
    expect(bom).toMatchObject({ code: 0, stderr: '', stdout: plain.stdout });
  });

  it('a 5 MB file and a 100,000-deep nesting are read, and judged field by field, not crashed on', () => {
    const big = cli(['run', 'big.json'], {
      'big.json': text({ description: 'x'.repeat(5 * 2 ** 20) }),
    });
    expect(big.code).toBe(0);
    expect(JSON.parse(big.stdout)).toMatchObject({
      scenario: 'tiny',
      outcomes: { M1: ['stored at 10:0'] },
    });
    const deep = cli(['run', 'deep.json'], {
      'deep.json': text().replace(/\}$/, `, "x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
    });
    expect(deep).toMatchObject({
      code: 2,
      stderr:
        'deep.json: not a valid scenario (1 error):\n  $.x: unknown field; expected one of format, id, title, description, references, clusters, topic, producers, replication, subscriptions, consumer, workload, fixes, faults, schedule, explore, expect\n',
    });
  });
});

describe('cli contract: the scenario argument', () => {
  it('a directory → exit 2, saying it is one', () => {
    expect(cli(['run', 'scenarios/'], { 'scenarios/': 'EISDIR' })).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'cannot read scenarios/: it is a directory; expected a scenario file (.json) or a built-in id\n',
    });
  });

  it('a missing file → exit 2 with the system’s reason', () => {
    expect(cli(['check', 'gone.json'])).toMatchObject({
      code: 2,
      stderr: "cannot read gone.json: ENOENT: no such file or directory, open 'gone.json', read\n",
    });
  });

  it('"-" reads stdin (extension), named <stdin> in messages', () => {
    const ok = cli(['run', '-'], { '-': text() });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ scenario: 'tiny' });
    expect(cli(['run', '-'], { '-': '{' })).toMatchObject({
      code: 2,
      stderr:
        "<stdin>: not valid JSON: the text ends inside the object '{' opened on line 1 at column 1: a '}' is missing (line 1, column 2)\n",
    });
    expect(
      cli(['check', '-'], { '-': text({ producers: [{ name: 'p1', client: 'rust' }] }) }),
    ).toMatchObject({
      code: 2,
      stderr:
        '<stdin>: not a valid scenario (1 error):\n  $.producers[0].client: expected one of "java" | "go", got "rust"\n',
    });
  });

  it('compare reads stdin once (a second read of a pipe would find it empty)', () => {
    const r = cli(['compare', '-', '--fix', 'go-1565', '--max-states', '5000'], {
      '-': text({ producers: [{ name: 'p1', client: 'go' }] }),
    });
    expect(r.code).toBe(0);
    expect(r.reads).toEqual(['-']);
    expect(JSON.parse(r.stdout)).toMatchObject({
      scenario: 'tiny',
      rows: [{ fix: null }, { fix: 'go-1565' }],
    });
  });
});

describe('cli contract: flags', () => {
  it.each([
    [
      ['run', 'seed-003-a-go', '--format', 'json', '--format=mermaid'],
      'option --format given twice ("json", then "mermaid"); give it once',
    ],
    [
      ['check', 'seed-003-a-go', '--max-depth', '10', '--max-depth', '20'],
      'option --max-depth given twice ("10", then "20"); give it once',
    ],
    [
      ['compare', 'seed-003-a-go', '--format=json', '--format', 'markdown'],
      'option --format given twice ("json", then "markdown"); give it once',
    ],
    [
      ['check', 'seed-003-a-go', '--max-depth', '-1'],
      'option --max-depth needs a whole number from 1 to 100000 (as explore.maxDepth), got "-1"',
    ],
    [
      ['check', 'seed-003-a-go', '--max-depth', '0'],
      'option --max-depth needs a whole number from 1 to 100000 (as explore.maxDepth), got "0"',
    ],
    [
      ['check', 'seed-003-a-go', '--max-depth', '2.5'],
      'option --max-depth needs a whole number from 1 to 100000 (as explore.maxDepth), got "2.5"',
    ],
    [
      ['check', 'seed-003-a-go', '--max-depth=1e3'],
      'option --max-depth needs a whole number from 1 to 100000 (as explore.maxDepth), got "1e3"',
    ],
    [
      ['check', 'seed-003-a-go', '--max-states', '0'],
      'option --max-states needs a whole number from 1 to 1000000000 (as explore.maxStates), got "0"',
    ],
    [
      ['check', 'seed-003-a-go', '--max-states', '99999999999999999999'],
      'option --max-states needs a whole number from 1 to 1000000000 (as explore.maxStates), got "99999999999999999999"',
    ],
    [
      ['compare', 'seed-003-a-go', '--max-faults', '-2'],
      'option --max-faults needs a whole number from 0 to 10 (as explore.faults.max), got "-2"',
    ],
    [
      ['check', 'seed-003-a-go', '--max-faults', '0x1'],
      'option --max-faults needs a whole number from 0 to 10 (as explore.faults.max), got "0x1"',
    ],
    [['check', 'seed-003-a-go', '--max-states'], 'option --max-states needs a value'],
    [['run', 'seed-003-a-go', '--fix', '--format', 'json'], 'option --fix needs a value'],
    [
      ['run', 'seed-003-a-go', '--fix', 'go-1656'],
      'unknown fix "go-1656"; expected one of go-1565, go-highest-sequence-id, go-isolate-resends, go-flush-before-single, go-timeout-all-chunks, guard-rewind, sentinel-not-confirmed, fail-on-corrupt-head, pr-24722, pr-23697, pr-25860, pr-20948, pr-23038, replay-last-chunk',
    ],
    [
      ['run', 'seed-003-a-go', '-v'],
      'unknown option "-v"; run accepts --fix ID and --format json|mermaid|markdown',
    ],
    [
      ['check', 'seed-003-a-go', '--max-steps', '5'],
      'unknown option "--max-steps"; check accepts --fix ID, --max-depth N, --max-faults K and --max-states S',
    ],
  ])('%j → exit 2', (argv, message) => {
    const r = cli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith(`${message}${USAGE_HEAD}`)).toBe(true);
  });

  it('the same value twice is no conflict, and --fix repeats (a fix named twice is on once)', () => {
    const once = cli(['run', 'seed-003-a-go', '--fix', 'go-1565']);
    expect(
      cli([
        'run',
        'seed-003-a-go',
        '--format',
        'json',
        '--format=json',
        '--fix',
        'go-1565',
        '--fix=go-1565',
      ]),
    ).toMatchObject({ code: 0, stdout: once.stdout });
    expect(cli(['check', 'seed-003-a-go-explore', '--max-depth', '1', '--max-depth=1']).code).toBe(
      0,
    );
  });

  it('--help anywhere prints the usage, with the bounds’ ranges and stdin, on stdout → exit 0', () => {
    const r = cli(['check', 'x.json', '--max-depth', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '--max-depth N                 longest trace explored, 1 to 100000 (',
    );
    expect(r.stdout).toContain('A scenario "-" is read from stdin.');
  });
});

describe('cli contract: a fault plan the run cannot carry out', () => {
  it('a step trigger past the run’s last step → exit 2 naming $.faults[i].after.step, nothing on stdout', () => {
    const r = cli(['run', 'f.json'], {
      'f.json': text({
        faults: [
          { kind: 'disconnect', producer: 'p1', after: { step: 2 } },
          { kind: 'disconnect', producer: 'p1', after: { step: 999 } },
        ],
      }),
    });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        "f.json: the fault plan waits for a step the run never reaches (1 error):\n  $.faults[1].after.step: expected a step from 0 to 7, the run's last (it ended with nothing left to do; a fault fires after its step), got 999\n",
    });
  });

  it('a step trigger at the last step of the run without it fires: the run goes on', () => {
    const plain = JSON.parse(cli(['run', 'f.json'], { 'f.json': text() }).stdout) as {
      steps: number;
    };
    const r = cli(['run', 'f.json'], {
      'f.json': text({
        faults: [{ kind: 'unload-topic', cluster: 'local', after: { step: plain.steps } }],
      }),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect((JSON.parse(r.stdout) as { steps: number }).steps).toBeGreaterThan(plain.steps);
  });

  it('an event trigger that never happens: the run is the model’s answer (exit 0), with a warning naming the fault', () => {
    const r = cli(['run', 'f.json'], {
      'f.json': twoClusters({
        faults: [
          {
            kind: 'disconnect',
            producer: 'p1',
            after: { event: 'persisted', message: 'M1', cluster: 'us-west' },
          },
        ],
      }),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'warning: $.faults[0] (disconnect) never fired: its trigger did not happen in the 5 steps of this run\n',
    );
    expect(JSON.parse(r.stdout)).toMatchObject({ stored: { 'us-east': ['M1'], 'us-west': [] } });
  });

  it('a step trigger that happened, for a fault that could never act after it (a message TTL with no backlog left): the warning says the trigger happened and when (review 12)', () => {
    const geo = (faults: unknown[]) =>
      twoClusters({
        replication: { from: 'us-east', to: 'us-west' },
        workload: [{ send: 'M1', producer: 'p1' }, { await: 'p1' }],
        faults,
      });
    const plain = JSON.parse(cli(['run', 'f.json'], { 'f.json': geo([]) }).stdout) as {
      steps: number;
      stored: unknown;
    };
    const r = cli(['run', 'f.json'], {
      'f.json': geo([
        { kind: 'expire-messages', cluster: 'us-east', after: { step: plain.steps } },
      ]),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `warning: $.faults[0] (expire-messages) never fired: its trigger happened at step ${plain.steps}, but it could not act before the run ended at step ${plain.steps}\n`,
    );
    expect(JSON.parse(r.stdout)).toMatchObject({
      steps: plain.steps,
      stored: { 'us-east': ['M1'], 'us-west': ['M1'] },
    });
  });
});

describe('cli contract: a plan step past the search’s depth', () => {
  it.each([['check'], ['compare']])(
    '%s: a warning names the fault and the bound; the search is still the answer',
    (command) => {
      const r = cli(
        [
          command,
          'f.json',
          '--max-depth',
          '10',
          ...(command === 'compare' ? ['--fix', 'go-1565'] : []),
        ],
        {
          'f.json': text({
            faults: [
              { kind: 'disconnect', producer: 'p1', after: { step: 3 } },
              { kind: 'disconnect', producer: 'p1', after: { step: 10 } },
            ],
          }),
        },
      );
      expect(r.code).toBe(0);
      expect(r.stderr.split('\n')[0]).toBe(
        "warning: $.faults[1].after.step 10 is past the search's depth: the fault would be step 11, and max-depth is 10, so no trace searched has it (raise --max-depth)",
      );
      expect(r.stderr).not.toContain('$.faults[0]');
    },
  );
});

describe('cli contract: impossible configs from the newer features name the field → exit 2', () => {
  const geo = (patch: Record<string, unknown>) =>
    twoClusters({
      topic: { deduplication: true },
      replication: [
        { from: 'us-east', to: 'us-west' },
        { from: 'us-west', to: 'us-east' },
      ],
      ...patch,
    });
  it.each([
    [
      'a link to a cluster that does not exist',
      geo({
        replication: [
          { from: 'us-east', to: 'us-west' },
          { from: 'us-east', to: 'eu' },
        ],
      }),
      '$.replication[1].to: expected one of "us-east" | "us-west", got "eu"',
    ],
    [
      'a link from a cluster to itself',
      geo({
        replication: [
          { from: 'us-east', to: 'us-west' },
          { from: 'us-west', to: 'us-west' },
        ],
      }),
      '$.replication[1].to: expected a cluster other than "from", got "us-west"',
    ],
    [
      'two identical links',
      geo({
        replication: [
          { from: 'us-east', to: 'us-west' },
          { from: 'us-east', to: 'us-west' },
        ],
      }),
      '$.replication[1]: expected a link not yet listed (us-east->us-west is already replicated), got "us-east->us-west"',
    ],
    [
      'an empty list of links',
      geo({ replication: [] }),
      '$.replication: expected an object { from, to } or a non-empty array of them, got an array',
    ],
    // ux-review-10: "expected an object, got 3" hid that a list of links is accepted too.
    [
      'replication a number',
      geo({ replication: 3 }),
      '$.replication: expected an object { from, to } or a non-empty array of them, got 3',
    ],
    [
      'replication a string',
      geo({ replication: 'us-east->us-west' }),
      '$.replication: expected an object { from, to } or a non-empty array of them, got "us-east->us-west"',
    ],
    [
      'replication null',
      geo({ replication: null }),
      '$.replication: expected an object { from, to } or a non-empty array of them, got null',
    ],
    [
      'a link in the list that is not an object',
      geo({ replication: [{ from: 'us-east', to: 'us-west' }, 'us-west->us-east'] }),
      '$.replication[1]: expected a link: an object { from, to }, got "us-west->us-east"',
    ],
    [
      'set-deduplication on a cluster that does not exist',
      text({
        faults: [
          { kind: 'set-deduplication', cluster: 'us-east', enabled: false, after: { step: 1 } },
        ],
      }),
      '$.faults[0].cluster: expected one of "local", got "us-east"',
    ],
    [
      'set-deduplication naming no cluster where there are two',
      geo({ faults: [{ kind: 'set-deduplication', enabled: false, after: { step: 1 } }] }),
      '$.faults[0].cluster: expected one of "us-east" | "us-west", got nothing',
    ],
    [
      'topic.maxEntriesPerLedger 0',
      text({ topic: { maxEntriesPerLedger: 0 } }),
      '$.topic.maxEntriesPerLedger: expected an integer from 1, got 0',
    ],
    [
      'topic.maxEntriesPerLedger negative',
      text({ topic: { maxEntriesPerLedger: -3 } }),
      '$.topic.maxEntriesPerLedger: expected an integer from 1, got -3',
    ],
    [
      'topic.maxEntriesPerLedger fractional',
      text({ topic: { maxEntriesPerLedger: 2.5 } }),
      '$.topic.maxEntriesPerLedger: expected an integer from 1, got 2.5',
    ],
    [
      'topic.maxEntriesPerLedger a string',
      text({ topic: { maxEntriesPerLedger: '10' } }),
      '$.topic.maxEntriesPerLedger: expected a number of entries, or an object with one per cluster (local), got "10"',
    ],
    [
      'topic.maxEntriesPerLedger for a cluster that does not exist: one error, not two',
      text({ topic: { maxEntriesPerLedger: { eu: 'x' } } }),
      '$.topic.maxEntriesPerLedger.eu: expected a cluster name (local), got "eu"',
    ],
    [
      'topic.maxMessageSize negative',
      text({ topic: { maxMessageSize: -1 } }),
      '$.topic.maxMessageSize: expected an integer from 0, got -1',
    ],
    [
      'a pulsarClient that is not a name',
      text({ producers: [{ name: 'p1', pulsarClient: '' }] }),
      '$.producers[0].pulsarClient: expected a client name, got ""',
    ],
    [
      'a negative trigger step',
      text({ faults: [{ kind: 'disconnect', producer: 'p1', after: { step: -1 } }] }),
      '$.faults[0].after.step: expected an integer from 0, got -1',
    ],
    [
      'a topology fault without its trigger',
      text({ faults: [{ kind: 'set-deduplication', cluster: 'local', enabled: false }] }),
      '$.faults[0].after: expected a trigger: { "step": n }, { "event": "sent" | "received" | "persisted" | "acked", "message": … } or { "when": "quiescent" }, got nothing',
    ],
    [
      'initial ledgers for a cluster the scenario does not have (they were silently dropped)',
      text({ topic: { ledgers: { 'us-east': [{ id: 3, entries: 1 }] } } }),
      '$.topic.ledgers.us-east: expected a cluster name (local), got "us-east"',
    ],
    [
      'a description that is not text',
      text({ description: 5 }),
      '$.description: expected a string (markdown), got 5',
    ],
    [
      'references as one string',
      text({ references: 'apache/pulsar#26113' }),
      '$.references: expected an array, got "apache/pulsar#26113"',
    ],
    [
      'a reference that is not a string',
      text({ references: [26113] }),
      '$.references[0]: expected a reference such as "apache/pulsar#26113", got 26113',
    ],
    [
      'a seq past the largest exact integer: the upper end is said',
      text({ workload: [{ send: 'M1', producer: 'p1', seq: 1e300 }] }),
      '$.workload[0].seq: expected an integer from 0 to 9007199254740991, got 1e+300',
    ],
  ])('%s', (_name, body, line) => {
    const r = cli(['run', 'f.json'], { 'f.json': body });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `f.json: not a valid scenario (1 error):\n  ${line}\n`,
    });
  });

  it('a name every JavaScript object has (a cluster named "constructor" crashed the loader; a message named "toString" lost its outcomes)', () => {
    const why =
      '(every JavaScript object has a member of that name, so the model cannot key by it)';
    const cluster = cli(['run', 'f.json'], {
      'f.json': text({
        clusters: [{ name: 'constructor' }],
        producers: [{ name: 'p1', cluster: 'constructor' }],
      }),
    });
    expect(cluster).toMatchObject({
      code: 2,
      stdout: '',
      // One error: the producer's cluster names the refused cluster as written (no "cluster-0" the file never wrote).
      stderr: `f.json: not a valid scenario (1 error):\n  $.clusters[0].name: expected a cluster name other than "constructor" ${why}, got "constructor"\n`,
    });
    const message = cli(['run', 'f.json'], {
      'f.json': text({ workload: [{ send: 'toString', producer: 'p1' }] }),
    });
    expect(message).toMatchObject({
      code: 2,
      stderr: `f.json: not a valid scenario (1 error):\n  $.workload[0].send: expected a message id other than "toString" ${why}, got "toString"\n`,
    });
    // A name that merely contains one is a name like any other.
    expect(
      JSON.parse(
        cli(['run', 'f.json'], {
          'f.json': text({ workload: [{ send: 'toString2', producer: 'p1' }] }),
        }).stdout,
      ),
    ).toMatchObject({ outcomes: { toString2: ['stored at 10:0'] } });
  });

  it('topic.maxMessageSize 0 disables the topic’s check, as in Pulsar: it loads and runs', () => {
    expect(
      cli(['run', 'f.json'], {
        'f.json': text({
          topic: { maxMessageSize: 0 },
          workload: [{ send: 'M1', producer: 'p1', size: 100 }],
        }),
      }).code,
    ).toBe(0);
  });

  it('a pulsarClient named by one producer only is that producer’s own client, not an unknown reference', () => {
    const r = cli(['run', 'f.json'], {
      'f.json': text({
        producers: [
          { name: 'p1', pulsarClient: 'app' },
          { name: 'p2', pulsarClient: 'other' },
        ],
      }),
    });
    expect(r.code).toBe(0);
  });
});

describe('cli contract: the real process', () => {
  it('stdout closed early (`| true`): the exit status stands and no stack trace reaches stderr', () => {
    const p = spawnSync(
      'bash',
      ['-c', 'npx tsx src/cli/main.ts list | true; exit ${PIPESTATUS[0]}'],
      { cwd: process.cwd(), encoding: 'utf8' },
    );
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
  }, 60_000);

  it('run - reads the scenario from stdin', () => {
    const p = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'run', '-'], {
      cwd: process.cwd(),
      encoding: 'utf8',
      input: `\uFEFF${text()}`,
    });
    expect(p.status).toBe(0);
    expect(JSON.parse(p.stdout)).toMatchObject({
      scenario: 'tiny',
      outcomes: { M1: ['stored at 10:0'] },
    });
  }, 60_000);
});
