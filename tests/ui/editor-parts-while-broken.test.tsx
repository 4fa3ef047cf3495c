// UX review 8 ("Left"): while the JSON had a syntax error the editor's form went blank — Clusters
// and Producers empty though only `producers` was broken. The form now shows, read-only, the parts
// that still parse on their own; the JSON keeps the text as typed, and once it parses the form
// edits it again.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseParts } from '../../src/ui/components/Editor/scenarioText';
import { replaceText } from './editorText';
import { openEditor } from './openEditor';
import { startOnDirectRunner } from './startApp';

describe('parseParts: the top-level parts of a text that does not parse', () => {
  it('keeps each part whose value parses, and leaves out the broken one', () => {
    const text = `{
  "id": "s",
  "clusters": [{ "name": "a", "brokers": ["b1"] }],
  "producers": [{ "name": "p1", "client": "go" ,, }],
  "workload": [{ "send": "M1", "producer": "p1" }],
  "title": "a \\"quoted\\" title, with a comma and a } brace"
}`;
    expect(() => JSON.parse(text)).toThrow();
    expect(parseParts(text)).toEqual({
      id: 's',
      clusters: [{ name: 'a', brokers: ['b1'] }],
      workload: [{ send: 'M1', producer: 'p1' }],
      title: 'a "quoted" title, with a comma and a } brace',
    });
  });

  it('an unterminated string ends at its line: the parts after it still show', () => {
    const text = '{\n  "producers": [{ "name": "p1 }],\n  "workload": [{ "flush": "p1" }]\n}';
    expect(parseParts(text)).toEqual({ workload: [{ flush: 'p1' }] });
  });

  it('a missing comma loses nothing, unclosed brackets only their own part, when the next line starts a top-level key', () => {
    const text = '{\n  "a": 1\n  "b": [2,\n  "c": { "d": [3] },\n  "e": 4\n}';
    expect(parseParts(text)).toEqual({ a: 1, c: { d: [3] }, e: 4 });
  });

  it('on one line, brackets that never close take the rest; no object, nothing; nothing throws', () => {
    expect(parseParts('{ "a": 1, "b": [1, 2, "c": 3 }')).toEqual({ a: 1 });
    expect(parseParts('')).toEqual({});
    expect(parseParts('[1, 2')).toEqual({});
    expect(parseParts('{ "a" 1, "b": 2 }')).toEqual({});
    expect(parseParts('{ "a": ')).toEqual({});
  });
});

describe('the editor form while the JSON is broken', () => {
  beforeEach(async () => {
    localStorage.clear();
    await startOnDirectRunner();
  });

  it('seed 001 with a broken producers part: Clusters, Workload and Faults stay shown, read-only; fixed, the form edits again', async () => {
    const { user, box } = await openEditor('seed-001-fencing-race');
    const original = box.value;
    const clusters = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Clusters' });
    const producers = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Producers' });
    const workload = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Workload' });
    const faults = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Faults' });
    const shownClusters = 'local brokers=broker-1,broker-2 bookies=bookie-1,bookie-2';
    expect(clusters().value).toBe(shownClusters);
    const shownWorkload = workload().value;
    const shownFaults = faults().value;
    expect(shownFaults).toMatch(/"kind":"slow-bookie","bookie":"bookie-2","message":"M1"/);

    // `"name": "p1"` loses its closing quote: the JSON no longer parses.
    const broken = original.replace(/"producers": \[\s*\{\s*"name": "p1"/, (m) => m.slice(0, -1));
    expect(broken).not.toBe(original);
    await replaceText(user, box, broken);
    await waitFor(() => expect(screen.getByTestId('editor-errors')).toBeInTheDocument());
    expect(screen.getByText(/Meanwhile it shows the parts that still parse/)).toBeInTheDocument();
    expect(clusters().value).toBe(shownClusters);
    expect(workload().value).toBe(shownWorkload);
    expect(faults().value).toBe(shownFaults);
    expect(producers().value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toMatch(
      /^Seed 001 \(PR 24722\)/,
    );
    expect(clusters()).toBeDisabled();
    // The text is kept as typed.
    expect(box.value).toBe(broken);

    // Fixed: the producers are back and the form edits the JSON.
    await replaceText(user, box, original);
    await waitFor(() => expect(producers().value).toBe('p1'));
    expect(clusters()).toBeEnabled();
    await user.type(clusters(), ',bookie-3');
    await waitFor(() => expect(box.value).toMatch(/"bookie-2",\s*"bookie-3"/));
  }, 60_000);
});
