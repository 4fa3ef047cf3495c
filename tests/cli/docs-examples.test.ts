// @vitest-environment node
// The docs' JSON examples cannot rot: every ```json block of docs/scenario-format-extensions.md,
// docs/cli.md and README.md is loaded as the comment before it says (the convention is at the top
// of scenario-format-extensions.md) — a whole scenario or a fragment over a minimal one must load,
// an error example must be refused with the error it quotes —, a ```text block marked as a
// command's stderr must be what the CLI prints for the files the page names, and a ```jsonc
// output shape marked with its command line has the keys that command's JSON has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine/scenario/validate';
import { cli } from './fakeCli';

const DOCS = ['docs/scenario-format-extensions.md', 'docs/cli.md', 'README.md'] as const;

/** The scenario a fragment's top-level fields are laid over (documented beside the convention). */
const MINIMAL = {
  format: 'dedup-lab/scenario@1',
  id: 'docs-example',
  producers: [{ name: 'p1' }],
  workload: [
    { send: 'M1', producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
};

interface Block {
  readonly doc: string;
  readonly line: number;
  readonly lang: string;
  /** The HTML comment's words after `example:` on the line before the fence, or null. */
  readonly marker: string | null;
  readonly body: string;
}

function blocks(doc: string): Block[] {
  const lines = readFileSync(doc, 'utf8').split('\n');
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    const before = i > 0 ? /^<!-- example: (.*) -->$/.exec(lines[i - 1]!) : null;
    out.push({
      doc,
      line: i + 1,
      lang: open[1]!,
      marker: before ? before[1]! : null,
      body: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return out;
}

interface Marker {
  readonly fragment: boolean;
  readonly error: string | null;
  readonly file: string | null;
}

/** `fragment`, `scenario`, `error <text>`, `file <name>`, joined by ", " (error comes last: its text may hold commas). */
function parseMarker(m: string | null): Marker {
  let rest = m ?? 'scenario';
  let fragment = false;
  let file: string | null = null;
  let error: string | null = null;
  for (;;) {
    const head = /^(fragment|scenario|file (\S+))(, |$)/.exec(rest);
    if (!head) break;
    if (head[1] === 'fragment') fragment = true;
    if (head[2]) file = head[2];
    rest = rest.slice(head[0].length);
  }
  if (rest.startsWith('error')) error = rest.slice('error'.length).trim();
  else if (rest !== '') throw new Error(`unknown example marker: ${m}`);
  return { fragment, error, file };
}

const all = DOCS.flatMap(blocks);
const json = all.filter((b) => b.lang === 'json');

describe('the docs’ JSON examples', () => {
  it('finds the examples (the extraction itself is not empty)', () => {
    for (const doc of DOCS) expect(json.filter((b) => b.doc === doc).length).toBeGreaterThan(0);
    expect(json.length).toBeGreaterThanOrEqual(35);
  });

  it.each(json.map((b) => [`${b.doc}:${b.line}`, b] as const))('%s', (_, b) => {
    const m = parseMarker(b.marker);
    const parsed = JSON.parse(b.body) as Record<string, unknown>;
    const scenario = m.fragment ? { ...MINIMAL, ...parsed } : parsed;
    const result = loadScenario(scenario);
    const errors = result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`);
    if (m.error === null) expect(errors).toEqual([]);
    else {
      // One mistake per error example, so the text it quotes is the whole story.
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(m.error);
    }
  });
});

describe('the docs’ CLI output examples', () => {
  const outputs = all.filter((b) => b.lang === 'text' && b.marker?.startsWith('stderr of '));

  it('finds them', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(2);
  });

  it.each(outputs.map((b) => [`${b.doc}:${b.line}`, b] as const))('%s', (_, b) => {
    const files = Object.fromEntries(
      json
        .filter((j) => j.doc === b.doc)
        .flatMap((j) => {
          const { file } = parseMarker(j.marker);
          return file ? [[file, j.body]] : [];
        }),
    );
    const argv = b.marker!.slice('stderr of '.length).split(' ');
    const { code, stderr } = cli(argv, files);
    expect(code).toBe(2);
    for (const line of b.body.split('\n')) expect(stderr).toContain(line);
  });
});

/** A ```jsonc shape without its comments (no string in them holds `//`; `…` only inside strings), so it parses. */
const uncomment = (body: string): Record<string, unknown> =>
  JSON.parse(body.replace(/\/\/.*$/gm, '')) as Record<string, unknown>;

/** Keys documented as present only sometimes: the line that gives them says "only when". */
const sometimes = (body: string): string[] =>
  [...body.matchAll(/^\s*"(\w+)":.*only when/gm)].map((m) => m[1]!);

describe('the docs’ JSON output shapes', () => {
  const shapes = all.filter((b) => b.lang === 'jsonc' && b.marker?.startsWith('shape of '));

  it('finds run, check and compare', () => {
    expect(shapes.map((b) => b.marker!.split(' ')[2])).toEqual(['run', 'check', 'compare']);
  });

  it.each(shapes.map((b) => [b.marker!, b] as const))('%s', (_, b) => {
    const argv = b.marker!.slice('shape of '.length).split(' ');
    const { stdout } = cli(argv);
    const actual = JSON.parse(stdout) as Record<string, unknown>;
    const documented = uncomment(b.body);
    expect(actual.scenario).toBe(documented.scenario);
    // Every key the command prints is documented, in its order; a documented key it leaves out
    // is one the page says appears only sometimes.
    const optional = sometimes(b.body);
    expect(Object.keys(actual)).toEqual(
      Object.keys(documented).filter((k) => k in actual || !optional.includes(k)),
    );
    const first = (o: Record<string, unknown>, k: string) =>
      (o[k] as Record<string, unknown>[] | undefined)?.[0] ?? {};
    const inner = (o: Record<string, unknown>) =>
      'rows' in o ? first(first(o, 'rows'), 'violations') : first(o, 'violations');
    for (const k of Object.keys(inner(actual)))
      if (k !== 'trace' || 'trace' in inner(documented))
        expect(inner(documented)).toHaveProperty(k);
    if ('bounds' in actual) expect(actual.bounds).toEqual(documented.bounds);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('the docs’ links within a page', () => {
  it.each(DOCS.map((d) => [d] as const))('%s: every #anchor names a heading', (doc) => {
    const text = readFileSync(doc, 'utf8');
    const anchors = new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => slug(m[1]!)));
    const links = [...text.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((l) => !anchors.has(l))).toEqual([]);
  });
});

describe("README's built-in list", () => {
  it('names every built-in scenario, in backticks (six dedup snapshot and purge ones were missing)', async () => {
    const { BUILTINS } = await import('../../src/scenarios');
    const readme = readFileSync('README.md', 'utf8');
    expect(BUILTINS.map((b) => b.id).filter((id) => !readme.includes(`\`${id}\``))).toEqual([]);
  });
});
