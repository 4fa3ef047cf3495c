// Review 22's scenarios (docs/research/review-22.md): the producer side nobody wrote yet — Java and
// Go producers (`client`), batching by count and by bytes, chunking with and without
// deduplication and PR 20948, the pending queue (maxPendingMessages, blockIfQueueFull, Go's permit
// leak), send timeouts, lost receipts, ChecksumError / NotAllowedError on batches and chunks,
// reconnects and `duplicate-frames` on an application producer, producers sharing a name,
// deduplication switched at runtime, and the consumer's chunk assembly (`consumer`, pr-20948). Each
// comment is the prediction made from Pulsar's sources (/work/shared/reference/, apache/pulsar
// ProducerImpl / ConsumerImpl, pulsar-client-go producer_partition.go) before the row was run. Rows
// for `run` (tests/scenarios/unseen-22.test.ts) and searches for `check`
// (tests/explore/unseen-22.test.ts). Only names of scenario-format.md and
// docs/scenario-format-extensions.md are used.
// `npx tsx tests/scenarios/unseen-22.scenarios.ts <dir>` writes them out as files the CLI reads.
import { persisted, scenarioBook, search, send, type Json } from './reviewScenarios';
import { disconnect } from './rowParts';

const wait = (p = 'p1') => ({ await: p });
const BIG = { size: 6000000 }; // two chunks at the broker's 5 MiB

/** One cluster ("local", abstract storage); one producer p1 with `p1` options. */
const one = (
  dedup: boolean,
  p1: Json,
  workload: Json[],
  faults: Json[] = [],
  extra: Json = {},
) => ({
  topic: { deduplication: dedup },
  producers: [{ name: 'p1', ...p1 }],
  workload,
  faults,
  ...extra,
});
const JAVA_BATCH2 = { batching: { maxMessages: 2 } };
const GO_BATCH2 = { client: 'go', batching: { maxMessages: 2 } };
const M12_M3 = [send('M1'), send('M2'), wait(), send('M3'), wait()];
const lose = (message: string) => ({ kind: 'lose-receipt', message });
const explicit = (ids: [string, number][]) => ids.map(([m, seq]) => send(m, { seq }));
/** Explicit ids: [M1 0, M2 1, M3 2], then M3 again with seq 2 on its own, then M4 (3). */
const BATCH_0_1_2_THEN_M3_AGAIN = [
  ...explicit([
    ['M1', 0],
    ['M2', 1],
    ['M3', 2],
  ]),
  wait(),
  send('M3', { seq: 2 }),
  wait(),
  send('M4', { seq: 3 }),
  wait(),
];
/** Explicit ids: M1 0, M2 1, awaited; then the application resends M1 (0) with M3 (2). */
const M1_M2_THEN_M1_AGAIN_M3 = [
  ...explicit([
    ['M1', 0],
    ['M2', 1],
  ]),
  wait(),
  ...explicit([
    ['M1', 0],
    ['M3', 2],
  ]),
  wait(),
];

const SCENARIOS: Record<string, Json> = {
  // ---- batching × lost receipts (ProducerImpl.resendMessages, MessageDeduplication.isDuplicate) ----
  // b01: Java batch [M1,M2] (seq 0, highest 1) stored at 10:0, receipt lost: the reconnect resends
  // the same batch, lowest id 0 ≤ pushed 1 and persisted → Dup, receipt (0, 1, -1:-1) completes both
  // (ackReceived: seq equal, highest equal). Stored M1, M2, M3 once; M1, M2 "completed -1:-1".
  'u22-b01-java-batch-lost-receipt-dedup': one(true, JAVA_BATCH2, M12_M3, [lose('M2')]),
  // b02: the same, deduplication off: the batch is written twice (10:0, 10:1), both M1 and M2
  // completed from the second receipt; M3 at 10:2. No invariant (no-duplicates needs dedup on).
  'u22-b02-java-batch-lost-receipt-no-dedup': one(false, JAVA_BATCH2, M12_M3, [lose('M2')]),
  // b03: Go batch [M1,M2], seq 0, no highest_sequence_id: pushed 0. Receipt lost; grabCnx rewrites
  // the batch byte for byte → seq 0 ≤ 0 → Dup; ReceivedSendReceipt completes both with -1:-1.
  // M3 (seq 2) NotDup at 10:1. Stored M1, M2, M3, no violation.
  'u22-b03-go-batch-lost-receipt-dedup': one(true, GO_BATCH2, M12_M3, [lose('M2')]),
  // b04: Go, explicit ids, batch [0,1,2] (maxMessages 3) then M3 resent alone with seq 2, then M4
  // seq 3: the broker keeps 0 for the batch (no highest id), so 2 > 0 → NotDup — M3 stored twice:
  // no-duplicates at the second copy (batch-dedup.md §2.7.4). b04f with go-1565: highest 2 → Dup.
  'u22-b04-go-batch-resend-last-id': one(
    true,
    { client: 'go', batching: { maxMessages: 3 }, sequenceIds: 'explicit' },
    BATCH_0_1_2_THEN_M3_AGAIN,
  ),
  // b05: the same with Java: highest_sequence_id 2 pushed → resend of 2 is Dup (-1:-1): stored once.
  'u22-b05-java-batch-resend-last-id': one(
    true,
    { batching: { maxMessages: 3 }, sequenceIds: 'explicit' },
    BATCH_0_1_2_THEN_M3_AGAIN,
  ),
  // b06: Java, explicit ids, [M1 0, M2 1] then the application resends M1 (0) and sends M3 (2)
  // before awaiting: PR 6326 puts the potential duplicate in a batch of its own (Dup, -1:-1) and M3
  // in the next (NotDup): stored M1, M2, M3.
  'u22-b06-java-batch-isolates-resend': one(
    true,
    { ...JAVA_BATCH2, sequenceIds: 'explicit' },
    M1_M2_THEN_M1_AGAIN_M3,
  ),
  // b07: Go, the same workload: [M1 0, M3 2] share a batch, seq 0 ≤ pushed 0 → Dup, M3 lost while
  // completed -1:-1 — no-silent-loss (issue 1395, seed 003 a). b07f with go-1565: stored M3.
  'u22-b07-go-batch-mixes-resend': one(
    true,
    { ...GO_BATCH2, sequenceIds: 'explicit' },
    M1_M2_THEN_M1_AGAIN_M3,
  ),
  // b08: Java, explicit ids that go down inside a batch window: M1 seq 5, then M2 seq 3 — 3 ≤
  // lastSequenceIdPushed 5, so PR 6326 sends [M1] and starts a batch with M2; the broker answers
  // M2 Dup (3 ≤ persisted 5): completed -1:-1, not stored — no-silent-loss, the contract of ids the
  // application chooses.
  'u22-b08-java-explicit-ids-go-down': one(true, { ...JAVA_BATCH2, sequenceIds: 'explicit' }, [
    ...explicit([
      ['M1', 5],
      ['M2', 3],
    ]),
    wait(),
  ]),
  // b09: Go, the same ids: one batch [5, 3] sent with seq 5 (nothing compares inside a batch):
  // both stored at 10:0.
  'u22-b09-go-explicit-ids-go-down': one(true, { ...GO_BATCH2, sequenceIds: 'explicit' }, [
    ...explicit([
      ['M1', 5],
      ['M2', 3],
    ]),
    wait(),
  ]),
  // ---- batching by bytes (AbstractBatchMessageContainer.haveEnoughSpace, batchContainer.hasSpace) ----
  // y01: Java maxBytes 100, sizes 60/60/60: each would pass the bound — M1 sent alone when M2
  // comes, M2 when M3 comes, M3 at the await: 10:0, 10:1, 10:2.
  'u22-y01-java-bytes-one-each': one(false, { batching: { maxMessages: 10, maxBytes: 100 } }, [
    send('M1', { size: 60 }),
    send('M2', { size: 60 }),
    send('M3', { size: 60 }),
    wait(),
  ]),
  // y02: Go maxBytes 100, sizes 50/50/10: [M1,M2] at exactly 100 fits (hasSpace: > is refused),
  // M3 (110) flushes it first: M1, M2 at 10:0, M3 at 10:1.
  'u22-y02-go-bytes-at-bound': one(
    false,
    { client: 'go', batching: { maxMessages: 10, maxBytes: 100 } },
    [send('M1', { size: 50 }), send('M2', { size: 50 }), send('M3', { size: 10 }), wait()],
  ),
  // y03: Java maxBytes 100, 50/50/10: the batch at the bound (100) is sent at once (isBatchFull);
  // M3 alone: the same entries as y02.
  'u22-y03-java-bytes-at-bound': one(false, { batching: { maxMessages: 10, maxBytes: 100 } }, [
    send('M1', { size: 50 }),
    send('M2', { size: 50 }),
    send('M3', { size: 10 }),
    wait(),
  ]),
  // y04: Java bytes-bounded batch with dedup on and M2's receipt lost: M2 was sent alone (M3 would
  // not fit with it); its resend is Dup → -1:-1; M3 then stored once. Stored M1, M2, M3.
  'u22-y04-java-bytes-lost-receipt': one(
    true,
    { batching: { maxMessages: 10, maxBytes: 100 } },
    [send('M1', { size: 60 }), send('M2', { size: 60 }), send('M3', { size: 60 }), wait()],
    [lose('M2')],
  ),
  // ---- ChecksumError / NotAllowedError on batches (ProducerImpl.recoverChecksumError / recoverNotAllowedError) ----
  // e01: Java batch [M1,M2], checksum error with a corrupted local buffer: the broker answers
  // with the batch's highest id; it names the head → the batch fails (ChecksumException) — both
  // M1 and M2; M3 stored at 10:0. No violation (a failed send).
  'u22-e01-java-batch-checksum-corrupted': one(true, JAVA_BATCH2, M12_M3, [
    { kind: 'checksum-error', message: 'M1', localBufferCorrupted: true },
  ]),
  // e02: the same with an intact local buffer: resendMessages re-writes the batch: stored once at
  // 10:0, M3 at 10:1.
  'u22-e02-java-batch-checksum-intact': one(true, JAVA_BATCH2, M12_M3, [
    { kind: 'checksum-error', message: 'M2', localBufferCorrupted: false },
  ]),
  // e03: Java batch, NotAllowedError once: the head's → the batch fails NotAllowedException, both
  // messages; M3 stored at 10:0.
  'u22-e03-java-batch-not-allowed': one(true, JAVA_BATCH2, M12_M3, [
    { kind: 'not-allowed', message: 'M1', times: 1 },
  ]),
  // e04: Go batch, NotAllowedError: connection.handleSendError only unregisters the producer; the
  // batch stays pending and its later answers are dropped — M1, M2 pending, the workload's await
  // never passes, M3 never sent. Stored nothing. A quiet end with work undone.
  'u22-e04-go-batch-not-allowed': one(true, GO_BATCH2, M12_M3, [
    { kind: 'not-allowed', message: 'M1', times: 1 },
  ]),
  // e05: Go batch checksum error (any error but NotAllowed closes the connection): the reconnect
  // rewrites the batch — stored M1, M2 at 10:0, M3 at 10:1.
  'u22-e05-go-batch-checksum': one(true, GO_BATCH2, M12_M3, [
    { kind: 'checksum-error', message: 'M1', localBufferCorrupted: true },
  ]),
  // e06: Go batch, checksum error with an intact local buffer: the reconnect rewrites the same
  // bytes, which now pass — stored M1, M2 at 10:0, M3 at 10:1.
  'u22-e06-go-batch-checksum-intact': one(true, GO_BATCH2, M12_M3, [
    { kind: 'checksum-error', message: 'M1', localBufferCorrupted: false },
  ]),
  // e07: Java, no batching, dedup on, M1 and M2 pipelined (schedule), ChecksumError on M1 with an
  // intact buffer. Predicted (after x05 found it): the broker rejects M1 before dedup, then pushes
  // and persists M2 (seq 1); recoverChecksumError re-writes M1 and M2, M2's first receipt (seq 1 >
  // head 0) makes ackReceived close the channel, and the resend on the next connection finds
  // 0 ≤ persisted 1: Dup, -1:-1 — M1 reported sent, never stored: no-silent-loss (Pulsar's own loss).
  'u22-e07-java-checksum-pipelined': {
    ...one(
      true,
      {},
      [send('M1'), send('M2'), wait()],
      [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
    ),
    schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2'],
  },
  // e08: the same with Go: the ChecksumError closes the connection (connection.handleSendError);
  // M2 was already processed (schedule: delivered before the error is read): grabCnx rewrites M1,
  // M2 → both Dup, -1:-1: M1 lost — no-silent-loss.
  'u22-e08-go-checksum-pipelined': {
    ...one(
      true,
      { client: 'go' },
      [send('M1'), send('M2'), wait()],
      [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
    ),
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'send:p1:M2',
      'fault:checksum-error:M1@local:intact',
      'deliver:p1->broker-1:M1',
      'deliver:p1->broker-1:M2',
    ],
  },
  // e09: the same race inside one chunked message (after x05): Java, dedup on, pr-20948, ChecksumError
  // (intact) on chunk 1 while chunk 2 is behind it. The broker writes chunk 2 alone at 10:0 (the
  // last chunk: NotDup, pushed 0); the resend writes chunk 1 at 10:1 (not checked) and chunk 2 is
  // Dup. ackReceived matches receipts by the shared id: 10:0 completes chunk 1's op, 10:1 chunk 2's
  // — M1 "stored at 10:1" while the consumer discards the lone last chunk and never completes the
  // first: no-silent-loss, stored nothing.
  'u22-e09-java-chunk-checksum-intact-dedup': one(
    true,
    { chunking: true },
    [send('M1', BIG), wait()],
    [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
    { fixes: ['pr-20948'] },
  ),
  // e10: e09 without deduplication: the resent chunk 2 is written too (10:2); the consumer discards
  // 10:0 and assembles 10:1–10:2 — stored M1, predicted no violation (deduplication is what loses
  // it). Got: stored M1, but no-silent-loss at step 11 — the success comes from chunk 1's copy at
  // 10:1 before the resent chunk 2 is written, with nothing left pending to resend it (an early
  // success, as go-chunked-timeout-early-success's).
  'u22-e10-java-chunk-checksum-intact-no-dedup': one(
    false,
    { chunking: true },
    [send('M1', BIG), wait()],
    [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
  ),
  // e11: e09 with Go (schedule: chunk 2 read before the error closes the connection): grabCnx
  // rewrites both chunks, chunk 1 written at 10:1, chunk 2 Dup completes M1 — the same loss.
  'u22-e11-go-chunk-checksum-intact-dedup': {
    ...one(
      true,
      { client: 'go', chunking: true },
      [send('M1', BIG), wait()],
      [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: false }],
      { fixes: ['pr-20948'] },
    ),
    schedule: [
      'connect:p1',
      'send:p1:M1',
      'fault:checksum-error:M1@local:intact',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p1->broker-1:M1[2/2]',
    ],
  },
  // ---- chunking (ProducerImpl.sendAsync chunks, MessageDeduplication.isDuplicateNormal, ConsumerImpl.processMessageChunk) ----
  // c01: Java chunking, dedup on, pr-20948, the last chunk's receipt lost: the resend writes chunk 1
  // again (not judged) at 10:2 and chunk 2 is Dup → -1:-1 completes M1. The consumer (with the fix)
  // reads M1 from 10:0–10:1, the lone first chunk at 10:2 never completes. Stored M1, M2; no violation.
  'u22-c01-java-chunk-lost-receipt-pr20948': one(
    true,
    { chunking: true },
    [send('M1', BIG), wait(), send('M2'), wait()],
    [lose('M1')],
    { fixes: ['pr-20948'] },
  ),
  // c02: the same without dedup: M1's chunks twice (10:0–10:3): two complete copies, stored M1, M1,
  // M2 (a pre-fix consumer too: the repeat starts after a completed message). No invariant.
  'u22-c02-java-chunk-lost-receipt-no-dedup': one(
    false,
    { chunking: true },
    [send('M1', BIG), wait(), send('M2'), wait()],
    [lose('M1')],
  ),
  // c03: Go chunking, dedup on, pr-20948, the same lost receipt: the same as c01.
  'u22-c03-go-chunk-lost-receipt-pr20948': one(
    true,
    { client: 'go', chunking: true },
    [send('M1', BIG), wait(), send('M2'), wait()],
    [lose('M1')],
    { fixes: ['pr-20948'] },
  ),
  // c04: Java chunking, dedup on, no fix, M1 of three chunks: chunk 1 pushes 0, chunk 2 equal and
  // persisted → Dup (-1:-1) which completes chunk 2's op (not the last: no callback); chunk 3 Dup
  // completes M1: success, one chunk stored — no-silent-loss (stored only M2).
  'u22-c04-java-three-chunks-no-fix': one(true, { chunking: true }, [
    send('M1', { size: 11000000 }),
    wait(),
    send('M2'),
    wait(),
  ]),
  // c05: Java chunking, dedup off, a disconnect after chunk 1 persisted: the resend writes chunk 1
  // again; 10:0 [1/2], 10:1 [1/2] then [2/2]: a pre-fix consumer drops M1 at the repeat →
  // no-silent-loss; c05f with pr-20948 the consumer skips it: stored M1.
  'u22-c05-java-chunk-disconnect-no-dedup': one(
    false,
    { chunking: true },
    [send('M1', BIG), wait()],
    [disconnect('p1', persisted('M1'))],
  ),
  // c06: Java chunking, NotAllowedError on every attempt: chunk 1's error names the head →
  // removed, callback failed NotAllowedException; chunk 2's error likewise. Stored M2 only; M1 failed.
  'u22-c06-java-chunk-not-allowed': one(
    false,
    { chunking: true },
    [send('M1', BIG), wait(), send('M2'), wait()],
    [{ kind: 'not-allowed', message: 'M1' }],
  ),
  // c07: Java chunking, checksum error (corrupted) on M1: chunk 1 (head) fails ChecksumException,
  // its callback fails M1; chunk 2 (already written) is stored at 10:0 alone — the consumer
  // discards it. M1 failed; stored M2; no violation.
  'u22-c07-java-chunk-checksum-corrupted': one(
    false,
    { chunking: true },
    [send('M1', BIG), wait(), send('M2'), wait()],
    [{ kind: 'checksum-error', message: 'M1', localBufferCorrupted: true }],
  ),
  // c08: chunkMaxMessageSize 100, size 250: three chunks (100, 100, 50); dedup on with pr-20948:
  // stored M1 at 10:0–10:2, M2 at 10:3.
  'u22-c08-chunk-max-size-three': one(
    true,
    { chunking: true, chunkMaxMessageSize: 100 },
    [send('M1', { size: 250 }), send('M2', { size: 100 }), wait()],
    [],
    { fixes: ['pr-20948'] },
  ),
  // ---- the consumer's assembly (`consumer`) ----
  // k01: maxPendingChunkedMessage 1 with autoAck, Java, one producer, M1 then N1 chunked one after
  // the other: never two open at once — nothing evicted; stored M1, N1.
  'u22-k01-consumer-limit-sequential': one(
    false,
    { chunking: true },
    [send('M1', BIG), send('N1', BIG), wait()],
    [],
    { consumer: { maxPendingChunkedMessage: 1, autoAckOldestChunkedMessageOnQueueFull: true } },
  ),
  // k02: two chunking producers interleave their chunks (schedule): M1[1/2] then N1[1/2] → N1's
  // first chunk evicts M1 (limit 1, auto-ack): no-silent-loss for M1; stored N1.
  'u22-k02-consumer-limit-interleaved': {
    topic: { deduplication: false },
    producers: [
      { name: 'p1', chunking: true },
      { name: 'p2', chunking: true },
    ],
    workload: [send('M1', BIG), send('N1', BIG, 'p2'), wait(), wait('p2')],
    consumer: { maxPendingChunkedMessage: 1, autoAckOldestChunkedMessageOnQueueFull: true },
    schedule: [
      'connect:p1',
      'connect:p2',
      'send:p1:M1',
      'send:p2:N1',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p2->broker-1:N1[1/2]',
    ],
  },
  // k03: the same interleaving with the limit 0 (none): both assemble; stored M1, N1 (ids by their
  // last chunk's position).
  'u22-k03-consumer-no-limit-interleaved': {
    topic: { deduplication: false },
    producers: [
      { name: 'p1', chunking: true },
      { name: 'p2', chunking: true },
    ],
    workload: [send('M1', BIG), send('N1', BIG, 'p2'), wait(), wait('p2')],
    consumer: { maxPendingChunkedMessage: 0 },
    schedule: [
      'connect:p1',
      'connect:p2',
      'send:p1:M1',
      'send:p2:N1',
      'deliver:p1->broker-1:M1[1/2]',
      'deliver:p2->broker-1:N1[1/2]',
    ],
  },
  // ---- the pending queue (ProducerImpl.canEnqueueRequest, partitionProducer.reserveSemaphore) ----
  // q01: Java batching maxMessages 3, maxPendingMessages 2, blocking: M1, M2 in the open batch hold
  // both permits; M3 blocks until the batch timer sends the batch and its receipt frees them.
  // Stored M1, M2 (10:0), M3 (10:1); no quiet end.
  'u22-q01-java-batch-blocks-on-permits': one(
    false,
    { batching: { maxMessages: 3 }, maxPendingMessages: 2, blockIfQueueFull: true },
    [send('M1'), send('M2'), send('M3'), wait()],
  ),
  // q02: the same not blocking: M3 refused ProducerQueueIsFullError (no id taken); stored M1, M2.
  'u22-q02-java-batch-refuses-third': one(
    true,
    { batching: { maxMessages: 3 }, maxPendingMessages: 2 },
    [send('M1'), send('M2'), send('M3'), wait(), send('M4'), wait()],
  ),
  // q03: Go batching, not blocking, maxPendingMessages 2: M3 refused ErrSendQueueIsFull before an
  // id (batched); M4 then gets seq 2: stored M1, M2, M4 (10:0, 10:0, 10:1).
  'u22-q03-go-batch-refuses-third': one(
    true,
    { client: 'go', batching: { maxMessages: 3 }, maxPendingMessages: 2, blockIfQueueFull: false },
    [send('M1'), send('M2'), send('M3'), wait(), send('M4'), wait()],
  ),
  // q04: Go chunking, blocking, maxPendingMessages 2, a 2-chunk message fits exactly: stored M1.
  'u22-q04-go-chunks-fit-permits': one(
    false,
    { client: 'go', chunking: true, maxPendingMessages: 2 },
    [send('M1', BIG), send('M2'), wait()],
  ),
  // q05: Java chunking, not blocking, maxPendingMessages 1: a 2-chunk message cannot take its
  // second permit → refused ProducerQueueIsFullError, the first released (PR 13454); M2 then stored.
  'u22-q05-java-chunks-exceed-permits': one(false, { chunking: true, maxPendingMessages: 1 }, [
    send('M1', BIG),
    wait(),
    send('M2'),
    wait(),
  ]),
  // ---- send timeouts (ProducerImpl.run, partitionProducer.failTimeoutMessages) ----
  // t01: Java, dedup on, M1's timer fires after M1 was sent: TimeoutException; the frame is still
  // stored (10:0). The application resends M1 (auto id 1): NotDup, stored again — no invariant
  // (dedup cannot know a new id is a resend).
  'u22-t01-java-timeout-resend-auto': one(
    true,
    {},
    [send('M1'), wait(), send('M1'), wait()],
    [{ kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M1' } }],
  ),
  // t02: the same with explicit ids, the resend with seq 0: Dup (-1:-1): stored once.
  'u22-t02-java-timeout-resend-explicit': one(
    true,
    { sequenceIds: 'explicit' },
    [send('M1', { seq: 0 }), wait(), send('M1', { seq: 0 }), wait()],
    [{ kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M1' } }],
  ),
  // t03: Go batch [M1,M2] timed out after it was sent: both fail ErrSendTimeout, stored anyway
  // (10:0: "failed: ErrSendTimeout, but stored at 10:0").
  'u22-t03-go-batch-timeout': one(
    false,
    GO_BATCH2,
    [send('M1'), send('M2'), wait()],
    [{ kind: 'send-timeout', message: 'M1', after: { event: 'sent', message: 'M1' } }],
  ),
  // t04: Java batching (3), M1 and M2 in the open batch with an empty pending queue: ProducerImpl.run
  // times the batch's first message and fails the open batch (TimeoutException), never written; M3
  // then takes seq 2: stored M3 at 10:0.
  'u22-t04-java-open-batch-timeout': {
    ...one(
      true,
      { batching: { maxMessages: 3 } },
      [send('M1'), send('M2'), wait(), send('M3'), wait()],
      [{ kind: 'send-timeout', message: 'M1' }],
    ),
    schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'fault:send-timeout:M1'],
  },
  // t05: Go, no batching, M1 and M2 pipelined (schedule), M1's timer fires: Go fails M1 only
  // (failTimeoutMessages stops at the first young item); M1's frame is still stored, its receipt
  // ignored (local 1 > remote 0); M2 completes: "failed: ErrSendTimeout, but stored at 10:0", M2 10:1.
  'u22-t05-go-timeout-first-of-two': {
    ...one(
      false,
      { client: 'go' },
      [send('M1'), send('M2'), wait()],
      [{ kind: 'send-timeout', message: 'M1' }],
    ),
    schedule: ['connect:p1', 'send:p1:M1', 'send:p1:M2', 'fault:send-timeout:M1'],
  },
  // ---- reconnects and duplicate-frames on an application producer ----
  // r01: Java, dedup on, duplicate-frames atSend 3 frames [M1, M2]: the 3rd send (M3) is replaced by
  // M1's and M2's frames: Dup, Dup; their receipts (seq 0, 1 < head 2) are ignored; later sends
  // dropped; a disconnect at quiescence resends M3: stored M1, M2, M3 once.
  'u22-r01-java-duplicate-frames-dedup': one(
    true,
    {},
    [send('M1'), send('M2'), send('M3'), wait()],
    [
      { kind: 'duplicate-frames', producer: 'p1', atSend: 3, frames: ['M1', 'M2'] },
      { kind: 'disconnect', producer: 'p1', after: { when: 'quiescent' } },
    ],
  ),
  // r02: the same without dedup: M1, M2 stored twice: M1, M2, M1, M2, M3; no invariant.
  'u22-r02-java-duplicate-frames-no-dedup': one(
    false,
    {},
    [send('M1'), send('M2'), send('M3'), wait()],
    [
      { kind: 'duplicate-frames', producer: 'p1', atSend: 3, frames: ['M1', 'M2'] },
      { kind: 'disconnect', producer: 'p1', after: { when: 'quiescent' } },
    ],
  ),
  // r03: Go, dedup on, the same: ReceivedSendReceipt ignores lower ids (local > remote): as r01.
  'u22-r03-go-duplicate-frames-dedup': one(
    true,
    { client: 'go' },
    [send('M1'), send('M2'), send('M3'), wait()],
    [
      { kind: 'duplicate-frames', producer: 'p1', atSend: 3, frames: ['M1', 'M2'] },
      { kind: 'disconnect', producer: 'p1', after: { when: 'quiescent' } },
    ],
  ),
  // r04: Java batching, dedup on, a disconnect after the batch [M1,M2] persisted: resend → Dup →
  // -1:-1 for both; stored M1, M2, M3.
  'u22-r04-java-batch-disconnect': one(true, JAVA_BATCH2, M12_M3, [
    disconnect('p1', persisted('M1')),
  ]),
  // ---- producers sharing a name (AbstractTopic.internalAddProducer) ----
  // n01: p1 and p2 (Go) both register as "w": p2 gets ProducerBusy at its first connect, its sends
  // fail "ProducerBusy"; p1's stored.
  'u22-n01-go-shared-name-busy': {
    topic: { deduplication: true },
    producers: [
      { name: 'p1', client: 'go', producerName: 'w' },
      { name: 'p2', client: 'go', producerName: 'w' },
    ],
    workload: [send('M1'), send('N1', {}, 'p2'), wait(), send('M2'), wait()],
  },
  // n02: Java p1 "w" restarts (own client: the process dies) after M1 persisted; the new p1 session
  // is seeded from w's last_sequence_id 0 → M2 gets 1. p2 "w" connects only after... (kept simple:
  // one producer) — stored M1, M2; M1's send was pending at the death: its outcome pending.
  'u22-n02-java-restart-seeded': one(
    true,
    { producerName: 'w' },
    [send('M1'), wait(), send('M2'), wait()],
    [{ kind: 'restart-producer', producer: 'p1', after: persisted('M1') }],
  ),
  // ---- deduplication switched at runtime (MessageDeduplication.checkStatus) ----
  // d01: dedup on, switched off after M1 persisted, M2's receipt lost: the resend is written twice —
  // no-duplicates is not judged (off). Stored M1, M2, M2.
  'u22-d01-off-then-lost-receipt': one(
    true,
    {},
    [send('M1'), wait(), send('M2'), wait()],
    [
      {
        kind: 'set-deduplication',
        cluster: 'local',
        enabled: false,
        after: persisted('M1'),
      },
      lose('M2'),
    ],
  ),
  // d02: dedup off, switched on after M1 persisted (Recovering, cursor at 10:0), Go batch [M2,M3]
  // receipt lost after the replay: the resend is Dup: stored M1, M2, M3.
  'u22-d02-on-then-go-batch-lost-receipt': one(
    false,
    GO_BATCH2,
    [send('M1'), wait(), send('M2'), send('M3'), wait()],
    [
      {
        kind: 'set-deduplication',
        cluster: 'local',
        enabled: true,
        after: persisted('M1'),
      },
      lose('M3'),
    ],
  ),
  // ---- searches (`check`) ----
  // x01: Java batch of 2, dedup on, a drop or lost receipt anywhere (1): the resend is byte-identical
  // → Dup for what was persisted — holds.
  'u22-x01-java-batch-search': {
    ...one(true, JAVA_BATCH2, [send('M1'), send('M2'), wait()]),
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  // x02: Go batch of 2, auto ids, dedup on, a drop or lost receipt anywhere (1): grabCnx rewrites
  // the same bytes — holds.
  'u22-x02-go-batch-search': {
    ...one(true, GO_BATCH2, [send('M1'), send('M2'), wait()]),
    explore: search(['disconnect', 'lose-receipt'], 1),
  },
  // x03: Java chunking, dedup on, pr-20948, a drop or lost receipt anywhere (1): holds.
  'u22-x03-java-chunk-search-pr20948': {
    ...one(true, { chunking: true }, [send('M1', BIG), wait()], [], { fixes: ['pr-20948'] }),
    explore: search(['disconnect', 'lose-receipt'], 1, 80),
  },
  // x04: Go chunking, dedup off, a drop anywhere (1): a repeated first chunk drops M1 at a pre-fix
  // consumer — no-silent-loss; with pr-20948 (x04f) it holds.
  'u22-x04-go-chunk-search-no-dedup': {
    ...one(false, { client: 'go', chunking: true }, [send('M1', BIG), wait()]),
    explore: search(['disconnect'], 1),
  },
  // x05: Java, dedup on, a checksum error (both buffer states) or NotAllowed on a batch anywhere
  // (1): a failed send is no promise; the intact resend is byte-identical — holds.
  'u22-x05-java-batch-errors-search': {
    ...one(true, JAVA_BATCH2, [send('M1'), send('M2'), wait()]),
    explore: search(['checksum-error', 'not-allowed'], 1),
  },
  // x08 (after e09): Java chunked, dedup on, pr-20948, a ChecksumError with an intact buffer
  // anywhere (1): on chunk 1 while chunk 2 is behind it — no-silent-loss.
  'u22-x08-java-chunk-checksum-search': {
    ...one(true, { chunking: true }, [send('M1', BIG), wait()], [], { fixes: ['pr-20948'] }),
    explore: search(['checksum-error:intact'], 1),
  },
  // x06: Java, maxPendingMessages 1 not blocking, dedup on, a drop or a send timeout anywhere (1):
  // refused and timed-out sends are failures, never promises — holds.
  'u22-x06-java-pending-queue-search': {
    ...one(true, { maxPendingMessages: 1 }, [send('M1'), send('M2'), wait()]),
    explore: search(['disconnect', 'send-timeout'], 1),
  },
  // x07: Java, dedup on, duplicate-frames or a drop anywhere (2): every copy is Dup — holds.
  'u22-x07-java-duplicate-frames-search': {
    ...one(true, {}, [send('M1'), send('M2'), wait()]),
    explore: search(['duplicate-frames', 'disconnect'], 2),
  },
};

export const scenario = scenarioBook(SCENARIOS, 'unseen-22.scenarios.ts', '/tmp/u22');
export const SCENARIO_IDS = Object.keys(SCENARIOS);
