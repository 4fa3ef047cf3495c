// `workload`: what each producer sends, flushes or awaits, in order — and a send's own metadata
// (its `replicate_to`, a delivery delay).
import { LOCAL_ONLY, type ProducerConfig, type WorkloadItem } from '../model/config';
import { NAME } from './names';
import { asWritten, type Reader } from './reader';

export function readWorkload(
  r: Reader,
  v: unknown,
  producers: ProducerConfig[],
  clusters: readonly string[] = [],
): WorkloadItem[] {
  const names = producers.map((p) => p.name);
  const raw = v === undefined ? [] : (r.arr(v, '$.workload') ?? []);
  return raw.flatMap((item, i): WorkloadItem[] => {
    const path = `$.workload[${i}]`;
    const o = r.obj(item, path);
    if (!o) return [];
    if ('send' in o) {
      r.known(o, path, [
        'send',
        'producer',
        'seq',
        'size',
        'replicateTo',
        'disableReplication',
        'deliverAfter',
        'deliverAt',
        'sync',
      ]);
      const msg = r.str(o.send, `${path}.send`, NAME, 'a message id') ?? asWritten(o.send, 'M');
      const producer = r.oneOf(o.producer, `${path}.producer`, names) ?? '';
      const pc = producers.find((p) => p.name === producer);
      if (o.seq === undefined && pc?.sequenceIds === 'explicit')
        r.fail(`${path}.seq`, `a sequence id (producer ${producer} uses explicit sequence ids)`);
      const seq = o.seq === undefined ? undefined : (r.int(o.seq, `${path}.seq`, 0) ?? 0);
      const size =
        o.size === undefined ? undefined : (r.int(o.size, `${path}.size`, 0) ?? undefined);
      const replication = readReplicateTo(r, o, path, clusters);
      const deliverAfter = readDeliverAfter(r, o, path);
      const sync = readSync(r, o.sync, `${path}.sync`, pc);
      return [
        {
          kind: 'send',
          msg,
          producer,
          ...(seq === undefined ? {} : { seq }),
          ...(size === undefined ? {} : { size }),
          ...replication,
          ...(deliverAfter === undefined ? {} : { deliverAfter }),
          ...(sync ? { sync } : {}),
        },
      ];
    }
    for (const kind of ['flush', 'await'] as const) {
      if (kind in o) {
        r.known(o, path, [kind]);
        return [{ kind, producer: r.oneOf(o[kind], `${path}.${kind}`, names) ?? '' }];
      }
    }
    r.fail(
      path,
      'one of {"send": …, "producer": …}, {"flush": producer}, {"await": producer}',
      item,
    );
    return [];
  });
}

/**
 * A send's `replicateTo` / `disableReplication` (extension): the message's `replicate_to`.
 * Java's builder clears the list on each call (`TypedMessageBuilderImpl.replicationClusters` and
 * `disableReplication` both `clearReplicateTo()` first), so the later call wins; Go's
 * `updateMetaData` lets `DisableReplication` overwrite `ReplicationClusters`. A JSON object has no
 * call order, so both together are refused rather than guessed. An empty list is accepted: it is
 * what `replicationClusters(List.of())` sends, and `hasReplicateTo()` is false for it (no
 * restriction) — though Go then does not batch the message (`ReplicationClusters != nil`).
 */
function readReplicateTo(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  clusters: readonly string[],
): { replicateTo?: readonly string[]; disableReplication?: true } {
  if (o.replicateTo !== undefined && o.disableReplication !== undefined) {
    r.fail(
      `${path}.disableReplication`,
      "either replicateTo or disableReplication, not both (Java's builder keeps the later call, Go's DisableReplication overrides ReplicationClusters; a JSON object has no call order)",
      o.disableReplication,
    );
    return {};
  }
  if (o.disableReplication !== undefined) {
    const off = r.bool(o.disableReplication, `${path}.disableReplication`);
    if (off === false)
      r.fail(
        `${path}.disableReplication`,
        'true (leave the field out to replicate as the namespace does)',
        false,
      );
    return off ? { replicateTo: [LOCAL_ONLY], disableReplication: true } : {};
  }
  if (o.replicateTo === undefined) return {};
  const raw = r.arr(o.replicateTo, `${path}.replicateTo`) ?? [];
  const out: string[] = [];
  raw.forEach((c, j) => {
    const at = `${path}.replicateTo[${j}]`;
    if (!clusters.includes(c as string)) {
      // The `__local__` hint only for a user who wrote Pulsar's own value; a typo gets the clusters (and the reader's "did you mean").
      const local =
        c === LOCAL_ONLY ? `; for "${LOCAL_ONLY}" write "disableReplication": true` : '';
      r.fail(
        at,
        `a cluster the scenario declares (${clusters.map((x) => JSON.stringify(x)).join(' | ')})${local}`,
        c,
      );
      return;
    }
    if (out.includes(c as string)) r.fail(at, `a cluster not already listed in replicateTo`, c);
    else out.push(c as string);
  });
  return { replicateTo: out };
}

/**
 * A send's `deliverAfter` (extension): ms of delayed delivery, a positive integer (Java
 * `deliverAfter(delay, unit)`, Go `DeliverAfter`; Go ignores a delay ≤ 0 and Java's builder would
 * send a deliver_at_time in the past, so neither means "delayed" — leave the field out instead).
 * `deliverAt` (an absolute time) is refused: the model has no clock to put it on.
 */
function readDeliverAfter(r: Reader, o: Record<string, unknown>, path: string): number | undefined {
  if (o.deliverAt !== undefined) {
    r.fail(
      `${path}.deliverAt`,
      '"deliverAfter" (ms, a positive integer) instead: the model has no clock to place an absolute deliverAt on',
      o.deliverAt,
    );
    return undefined;
  }
  const v = o.deliverAfter;
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= Number.MAX_SAFE_INTEGER)
    return v;
  r.fail(
    `${path}.deliverAfter`,
    'a delay in ms, an integer from 1 (leave the field out for no delay)',
    v,
  );
  return undefined;
}

/**
 * A send's `sync` (extension): `true` is Go's `Send(ctx, …)`, which waits for the result and whose
 * context may end while it waits. Java's `send()` takes no context (it waits for the receipt or the
 * send timeout), so it is refused there rather than modelled as a wait with no way out.
 */
function readSync(
  r: Reader,
  v: unknown,
  path: string,
  pc: ProducerConfig | undefined,
): true | undefined {
  if (v === undefined) return undefined;
  if (v !== true) {
    r.fail(path, 'true (Go Send(ctx, …)); leave the field out for SendAsync', v);
    return undefined;
  }
  // A producer the reader refused (its client read as the default, Java) is the mistake to name,
  // not this send: "p1 is Java" would be a second error about a client the file never wrote.
  const refused = r.errors.some((e) => e.path.startsWith('$.producers'));
  if (pc && pc.client !== 'go' && !refused) {
    r.fail(
      path,
      `a Go producer's send (${pc.name} is Java: its send() takes no context, so nothing ends its wait but the receipt or the send timeout)`,
      v,
    );
    return undefined;
  }
  return true;
}
