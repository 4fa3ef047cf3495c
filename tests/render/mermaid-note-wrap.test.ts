// A violation note spans every lane with its whole detail; on one line it was wider than the
// diagram's view at 100 % (seed 000: cut at both edges at 1024 and 1400 px). It is wrapped into
// lines of at most NOTE_LINE_MAX characters, and Mermaid draws each as a line of the same note.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mermaid } from 'mermaid';
import { toMermaid } from '../../src/engine/index';
import { NOTE_LINE_MAX, wrapNote } from '../../src/engine/render/mermaid';
import { runBuiltin } from './runBuiltin';

let mermaid: Mermaid;
beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
});

describe('violation notes are wrapped', () => {
  it('seed-000-checksum-corrupted: the note reads the whole detail, in lines Mermaid draws one by one', async () => {
    const run = runBuiltin('seed-000-checksum-corrupted');
    const v = run.violations.find((x) => x.invariant === 'no-silent-loss')!;
    const raw = `VIOLATION ${v.invariant}: ${v.detail}`;
    expect(raw.length).toBeGreaterThan(NOTE_LINE_MAX);
    const line = toMermaid(run)
      .text.split('\n')
      .find((l) => l.includes('VIOLATION no-silent-loss'))!;
    const lines = line.replace(/^\s*Note over P\d+,P\d+: /, '').split('<br/>');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(NOTE_LINE_MAX);
    expect(lines.join(' ')).toBe(raw);

    const { svg } = await mermaid.render('wrap-1', toMermaid(run).text);
    const div = document.createElement('div');
    div.innerHTML = svg;
    const note = [...div.querySelectorAll('text.noteText')].filter((t) =>
      /VIOLATION|no-silent|replicator/.test(t.textContent ?? ''),
    );
    const drawn = [...div.querySelectorAll('g')].find(
      (g) => g.querySelector('rect.note') && g.textContent?.includes('VIOLATION no-silent-loss'),
    );
    expect(note.length).toBeGreaterThan(0);
    // Every line of the note is its own text element, in order: nothing of the detail is lost.
    const texts = [...drawn!.querySelectorAll('text.noteText')].map((t) => t.textContent ?? '');
    expect(texts).toEqual(lines);
  });

  it('breaks between words, splits a word longer than a line, escapes each line, stops after five lines', () => {
    // 40 words of one letter: 8 lines of 5; the 5th line is the last, cut with `…`.
    expect(wrapNote('a '.repeat(40).trim(), 10).split('<br/>')).toEqual([
      ...Array(4).fill('a a a a a'),
      'a a a a a…',
    ]);
    expect(wrapNote('x'.repeat(25), 10).split('<br/>')).toEqual([
      'xxxxxxxxxx',
      'xxxxxxxxxx',
      'xxxxx',
    ]);
    // Hostile text stays text: its `<` and `;` are entity codes, the breaks are the only markup.
    expect(wrapNote('<script>alert(1)</script>; -1:-1 next', 30)).toBe(
      '#lt;script#gt;alert(1)#lt;/script#gt;#59;<br/>-1:-1 next',
    );
    const long = wrapNote('word '.repeat(100), 20).split('<br/>');
    expect(long).toHaveLength(5);
    expect(long[4]!.endsWith('…')).toBe(true);
  });
});
