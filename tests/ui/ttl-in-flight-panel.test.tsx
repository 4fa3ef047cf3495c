// An entry the message TTL expired while the replicator's send of it was in flight (review 17, row
// t01): the send goes on and us-west stores M1. The replication panel read "expired by the message
// TTL" — and, while the send was still pending, LOST — as if M1 never crossed. It now says what
// happened: expired while its send was in flight (not lost yet), then stored at the remote all the same.
import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadScenario, panelsOf, run, type RunResult } from '../../src/engine';
import { ReplicationPanel } from '../../src/ui/components/Panels/Replication';
import { scenario } from '../scenarios/unseen-17.scenarios';

function t01(): RunResult {
  const l = loadScenario(scenario('u17-t01-ttl-send-in-flight'));
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(l.config, l.schedule);
}
const r = t01();
const at = (key: string) => r.steps.find((s) => s.key === key)!.world;
const EXPIRED = at('fault:expire-messages:us-east');
const ARRIVED = at('deliver:broker-2->replicator:M1');
const END = r.steps[r.steps.length - 1]!.world;
const entry = (w: typeof END, position: string) =>
  panelsOf(w).replication!.entries.find((e) => e.position === position)!;

describe('the replication panel on an expired entry whose send was in flight', () => {
  it('the view: in flight and not lost when the TTL passes; stored at the remote once the send arrives', () => {
    expect(entry(EXPIRED, '10:0')).toMatchObject({
      expired: true,
      expiredSend: 'in-flight',
      pending: true,
      lostAtRemote: false,
    });
    expect(entry(ARRIVED, '10:0')).toMatchObject({
      expired: true,
      expiredSend: 'stored-at-remote',
      pending: false,
      lostAtRemote: false,
    });
    // M2, written after the TTL, is no expired entry.
    expect(entry(END, '10:1').expired).toBe(false);
    expect(entry(END, '10:1').expiredSend).toBeUndefined();
    expect(r.stored['us-west']).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('an expired entry never sent keeps its words: expired, lost (geo-ttl-expires-backlog)', async () => {
    const { BUILTINS } = await import('../../src/scenarios');
    const l = loadScenario(BUILTINS.find((b) => b.id === 'geo-ttl-expires-backlog')!);
    if (!l.ok) throw new Error('bad built-in');
    const end = run(l.config, l.schedule);
    const last = end.steps[end.steps.length - 1]!.world;
    for (const e of panelsOf(last).replication!.entries.filter((x) => x.expired)) {
      expect(e.expiredSend).toBeUndefined();
      expect(e.lostAtRemote).toBe(true);
    }
  });

  it('rendered: the strip says the send was in flight, then that us-west stores it, on screen and to a screen reader', () => {
    const during = render(<ReplicationPanel repl={panelsOf(EXPIRED).replication!} />);
    const li = during.container.querySelector('[data-position="10:0"]')!;
    expect(li.getAttribute('aria-label')).toBe(
      '10:0 M1: mark-deleted, expired by the message TTL while its send was in flight (the send goes on), in flight',
    );
    expect(li).toHaveTextContent('10:0M1MDTTLsent');
    expect(within(li as HTMLElement).queryByText('LOST')).toBeNull();
    during.unmount();

    const after = render(<ReplicationPanel repl={panelsOf(ARRIVED).replication!} />);
    const stored = after.container.querySelector('[data-position="10:0"]')!;
    expect(stored.getAttribute('aria-label')).toBe(
      '10:0 M1: mark-deleted, expired by the message TTL, but stored at us-west: its send was already in flight',
    );
    expect(stored).toHaveTextContent('10:0M1MDTTLstored');
    expect(
      stored.querySelector(
        'abbr[title="stored at us-west: its send was already in flight when the TTL expired it"]',
      ),
    ).not.toBeNull();
    expect(after.container.querySelector('.strip-legend')).toHaveTextContent(
      'TTL expired by the message TTL · stored expired, yet stored at us-west (its send was in flight)',
    );
  });
});
