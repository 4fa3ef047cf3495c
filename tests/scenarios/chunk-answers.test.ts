// @vitest-environment node
// A broker's answer to one chunk names the chunk it answers (`receipt M1[2/2] seq 0 at -1:-1`), in
// the event, the diagram's arrow and the in-flight panel, and so do drops and closes that lose or
// skip it. The wire carries no chunk id (CommandSendReceipt / CommandSendError: sequence ids and a
// message id), so the clients still match by sequence id alone; the name lets a reader see when a
// receipt completes another chunk's pending item (Go `partitionProducer.ReceivedSendReceipt`).
// Frames that are not chunks keep their old text.
import { describe, expect, it } from 'vitest';
import { panelsOf, toMermaid } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { type Json, runBuiltin, runOf, textsOf } from './helpers';

const scenario = (id: string): Json => {
  const { explore: _e, expect: _x, ...rest } = BUILTINS.find((b) => b.id === id)! as Json;
  return rest;
};
const responses = (r: ReturnType<typeof runOf>): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.kind === 'response').map((e) => e.text));
const arrows = (r: ReturnType<typeof runOf>): string[] =>
  toMermaid(r)
    .text.split('\n')
    .filter((l) => /^\s*P\d+-->>P\d+:/.test(l))
    .map((l) => l.replace(/^\s*P\d+-->>P\d+: \d+ · /, ''));

describe('before PR 20948: each chunk’s answer names its chunk', () => {
  it('the first chunk’s receipt is 10:0 and the last chunk’s Dup answer -1:-1, event and arrow alike', () => {
    const r = runBuiltin('chunked-dedup-pr-20948');
    expect(responses(r)).toEqual([
      'receipt M1[1/2] seq 0 at 10:0',
      'receipt M1[2/2] seq 0 at -1:-1',
    ]);
    expect(arrows(r)).toEqual(['receipt M1[1/2] seq 0 at 10:0', 'receipt M1[2/2] seq 0 at -1:-1']);
    // What the application hears is still the message's.
    expect(textsOf(r, 'p1')).toContain(
      'M1 completed as success with -1:-1 (not stored by this send)',
    );
  });
  it('the last chunk sent while the first is being written: PersistenceError names M1[2/2], in flight and on arrival', () => {
    const r = runOf(scenario('chunked-dedup-pr-20948'), [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p1->broker-1:M1[2/2]',
    ]);
    expect(panelsOf(r.steps[4]!.world).channels[0]!.toClient).toEqual([
      'PersistenceError seq 0 (M1[2/2])',
    ]);
    // The answer's action key stays the message's (a schedule's key is a public name).
    expect(r.steps[5]!.key).toBe('deliver:broker-1->p1:M1');
    expect(r.steps[5]!.events[0]!.text).toBe('PersistenceError M1[2/2] seq 0');
  });
});

describe('drops and closes name the chunk frames they lose', () => {
  it('lose-receipt on M1: the receipt lost is M1[1/2]’s, and the drop loses M1[2/2]’s send with it', () => {
    const r = runOf({
      ...scenario('chunked-dedup-pr-20948'),
      faults: [{ kind: 'lose-receipt', message: 'M1' }],
    });
    expect(textsOf(r, 'broker-1')).toContain("connection drops before M1[1/2]'s receipt arrives");
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: lose-receipt fault; in flight lost: M1[2/2], M1[1/2]',
    );
  });
  it('an unload between the chunks: the close lets M1[1/2]’s receipt go first, and M1[2/2]’s send is ignored', () => {
    const r = runBuiltin('chunked-reload-pr-20948');
    expect(textsOf(r, 'broker-1')).toContain(
      'CommandCloseProducer to p1: topic unloaded at local; the connection stays; receipts already written go first: M1[1/2]',
    );
    expect(textsOf(r, 'p1')).toContain(
      'producer closed by the broker; reconnects (the connection stays); sends broker-1 reads after the close are ignored: M1[2/2]',
    );
    expect(responses(r)).toEqual([
      'receipt M1[1/2] seq 0 at 10:0',
      'receipt M1[2/2] seq 0 at -1:-1',
    ]);
  });
  it('a broker crash while M1[1/2] is being written names the write that dies', () => {
    const s = {
      ...scenario('chunked-dedup-pr-20948'),
      fixes: ['pr-20948'],
      explore: { faults: { kinds: ['restart-broker'], max: 1 } },
    };
    const r = runOf(s, [
      'connect:p1',
      'send:p1:M1',
      'deliver:p1->broker-1:M1[1/2]',
      'fault:restart-broker:local',
    ]);
    expect(textsOf(r, 'broker-1')).toContain(
      'writes in progress die with the process: M1[1/2] (no receipt, no error)',
    );
    expect(textsOf(r, 'p1')).toContain(
      'connection closed: broker-1 crashed; in flight lost: M1[2/2]',
    );
  });
});

describe('Go: the receipt that completes another chunk’s item says so', () => {
  it('go-chunked-timeout-early-success: M1[1/2]’s receipt is taken for M1[2/2]’s item, inside the violation', () => {
    const r = runBuiltin('go-chunked-timeout-early-success');
    const six = r.steps[6]!;
    expect(six.events.map((e) => e.text)).toEqual([
      'receipt M1[1/2] seq 0 at 10:0',
      'receipt of M1[1/2] taken for the head item M1[2/2]: both seq 0, and a receipt names no chunk',
      'M1 completed: stored at 10:0',
    ]);
    expect(toMermaid(r).text).toContain(
      'Note over P1: receipt of M1[1/2] taken for the head item M1[2/2]: both seq 0, and a receipt names no chunk',
    );
  });
  it('without the timeout each receipt meets its own chunk’s item: no such note', () => {
    const r = runOf({ ...scenario('go-chunked-timeout-early-success'), faults: [] });
    expect(responses(r)).toEqual([
      'receipt M1[1/2] seq 0 at 10:0',
      'receipt M1[2/2] seq 0 at 10:1',
    ]);
    expect(textsOf(r, 'p1').filter((t) => t.includes('taken for the head item'))).toEqual([]);
  });
});

describe('frames that are not chunks keep their text', () => {
  it('a plain receipt and its drop name the message, as before', () => {
    const r = runBuiltin('lost-receipt-dedup-on');
    expect(textsOf(r, 'p1')).toContain('connection closed: lose-receipt fault; in flight lost: M1');
    expect(responses(r)).toEqual(['receipt M1 seq 0 at -1:-1', 'receipt M2 seq 1 at 10:1']);
  });
  it('a drop that loses sends and receipts of several messages lists each once, unbracketed', () => {
    const r = runBuiltin('seed-000-checksum-intact');
    const drops = r.steps.flatMap((s) =>
      s.events.filter((e) => e.text.includes('in flight lost')).map((e) => e.text),
    );
    expect(drops).toEqual([
      'connection closed: Case-5: receipt for 10:4, head is 10:3; in flight lost: E5, E3, E4',
    ]);
  });
});
