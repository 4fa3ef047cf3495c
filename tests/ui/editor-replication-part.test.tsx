// UX review 10 ("Left"): the editor's form had no part for replication links — geo-two-way's two
// links were editable only in the JSON. The form has a Replication part in the same line syntax as
// its other parts: one line per link, `from -> to dedup=… start=…`; one line is the single object
// `replication` always meant, several the list of links, none removes `replication`.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { linesToReplication, replicationToLines } from '../../src/ui/components/Editor/lines';
import { replaceText } from './editorText';
import { openEditor } from './openEditor';
import { startOnDirectRunner } from './startApp';

describe('replication lines', () => {
  it('one link, two links, none; a bad line names its line and the syntax', () => {
    const one = { from: 'us-east', to: 'us-west', dedup: 'v1', start: 'after-workload' };
    expect(replicationToLines(one)).toBe('us-east -> us-west dedup=v1 start=after-workload');
    expect(linesToReplication(replicationToLines(one))).toEqual({ ok: true, value: one });
    const two = [
      { from: 'us-east', to: 'us-west' },
      { from: 'us-west', to: 'us-east', dedup: 'v2' },
    ];
    expect(replicationToLines(two)).toBe('us-east -> us-west\nus-west -> us-east dedup=v2');
    expect(linesToReplication(replicationToLines(two))).toEqual({ ok: true, value: two });
    expect(linesToReplication('  \n')).toEqual({ ok: true, value: [] });
    expect(replicationToLines(undefined)).toBe('');
    expect(replicationToLines(3)).toBe('');
    expect(linesToReplication('us-east -> us-west\nus-west us-east')).toEqual({
      ok: false,
      error:
        'line 2: expected "<from cluster> -> <to cluster> [dedup=v1|v2] [start=immediately|after-workload]"',
    });
    expect(linesToReplication('us-east -> us-west mode=v2')).toEqual({
      ok: false,
      error: 'line 1: "mode=v2" — expected dedup=…, start=…',
    });
  });
});

describe('the editor form: Replication', () => {
  beforeEach(async () => {
    localStorage.clear();
    await startOnDirectRunner();
  });

  it('geo-two-way: both links shown; removing one writes the single link object, removing both removes replication', async () => {
    const { user, box } = await openEditor('geo-two-way');
    const links = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Replication' });
    expect(links().value).toBe(
      replicationToLines((JSON.parse(box.value) as { replication: unknown }).replication),
    );
    expect(links().value.split('\n')).toHaveLength(2);
    const first = links().value.split('\n')[0]!;
    expect(first).toMatch(/^us-east -> us-west/);

    const replication = () => (JSON.parse(box.value) as { replication?: unknown }).replication;
    await replaceText(user, links(), first);
    // One line: the single object, as `replication` always meant.
    await waitFor(() => expect(replication()).toMatchObject({ from: 'us-east', to: 'us-west' }));
    expect(Array.isArray(replication())).toBe(false);

    await user.clear(links());
    await waitFor(() => expect('replication' in JSON.parse(box.value)).toBe(false));
  }, 60_000);
});
