// Every rule a built-in's run names leads to the Pulsar (or BookKeeper, or Go client) source of its
// class, so the Pulsar code panel never shows a method without its file.
import { describe, expect, it } from 'vitest';
import { ruleSource } from '../../../src/engine';
import { BUILTINS } from '../../../src/scenarios';
import { runBuiltin } from '../../render/runBuiltin';

describe('ruleSource', () => {
  it('every rule of every built-in run has a source file, except the faults we inject', () => {
    const rules = new Set(
      BUILTINS.flatMap((b) =>
        runBuiltin(b.id).steps.flatMap((s) => s.events.flatMap((e) => (e.rule ? [e.rule] : []))),
      ),
    );
    expect(rules.size).toBeGreaterThan(30);
    const without = [...rules].filter((r) => ruleSource(r) === null);
    expect(without.every((r) => r.startsWith('fault'))).toBe(true);
  });

  it('every step of every built-in runs at least one named Pulsar method, or injects a fault', () => {
    for (const b of BUILTINS)
      for (const s of runBuiltin(b.id).steps.slice(1)) {
        const named = s.events.some(
          (e) => e.kind === 'fault' || (e.rule !== undefined && ruleSource(e.rule) !== null),
        );
        expect(
          named,
          `${b.id} step ${s.index} (${s.key}): ${s.events.map((e) => e.text).join(' | ')}`,
        ).toBe(true);
      }
  });

  it('a Java client branch, a Go client method, a managed-ledger and a BookKeeper method', () => {
    expect(ruleSource('ProducerImpl.recoverChecksumError:corrupted')).toEqual({
      method: 'ProducerImpl.recoverChecksumError',
      branch: 'corrupted',
      repo: 'apache/pulsar',
      path: 'pulsar-client/src/main/java/org/apache/pulsar/client/impl/ProducerImpl.java',
      url: 'https://github.com/apache/pulsar/blob/master/pulsar-client/src/main/java/org/apache/pulsar/client/impl/ProducerImpl.java',
    });
    expect(ruleSource('partitionProducer.ReceivedSendReceipt:match')?.url).toBe(
      'https://github.com/apache/pulsar-client-go/blob/master/pulsar/producer_partition.go',
    );
    expect(ruleSource('PersistentReplicator.ProducerSendCallback.sendComplete')).toMatchObject({
      method: 'PersistentReplicator.ProducerSendCallback.sendComplete',
      branch: null,
      path: 'pulsar-broker/src/main/java/org/apache/pulsar/broker/service/persistent/PersistentReplicator.java',
    });
    expect(ruleSource('ManagedLedgerImpl.ledgerClosed')?.path).toBe(
      'managed-ledger/src/main/java/org/apache/bookkeeper/mledger/impl/ManagedLedgerImpl.java',
    );
    expect(ruleSource('PendingAddOp.writeComplete')?.repo).toBe('apache/bookkeeper');
    expect(ruleSource('fault')).toBeNull();
    expect(ruleSource('Unknown.method')).toBeNull();
  });
});
