// `producers[].memoryLimitBytes`: the memory limit of a producer's client (Java
// `ClientBuilder.memoryLimit` → `ClientConfigurationData.memoryLimitBytes`, Go
// `ClientOptions.MemoryLimitBytes`). It belongs to the client, not the producer, so every producer
// of one `pulsarClient` must give the same value. docs/research/pending-queue.md ("The client's
// memory limit").
import type { ProducerConfig } from '../model/config';
import type { Reader } from './reader';

/**
 * The limit one producer gives, or {} when absent. Java's long and Go's int64 allow more than a
 * scenario's integers; 0 or less means "no limit" in both, which a scenario says by leaving it out.
 */
export function readMemoryLimit(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  client: 'java' | 'go',
  chunking: boolean,
  blocks: boolean | undefined,
): Pick<ProducerConfig, 'memoryLimitBytes'> {
  if (o.memoryLimitBytes === undefined) return {};
  const limit = r.int(o.memoryLimitBytes, `${path}.memoryLimitBytes`, 1);
  if (limit === null) return {};
  // Java's blocking chunked send waits for memory between two chunks of one message
  // (`sendAsync` calls `canEnqueueRequest(…, 0)` before each chunk after the first, and
  // `reserveMemory(0)` waits while the usage is over the limit): the application would stop in the
  // middle of a message, which the model's sends (whole at once or not at all) do not follow.
  if (client === 'java' && chunking && blocks === true) {
    r.fail(
      `${path}.blockIfQueueFull`,
      'false or absent on a Java chunking producer with memoryLimitBytes (ProducerImpl.sendAsync then waits for memory between the chunks it writes, which the model does not follow)',
      true,
    );
    return {};
  }
  return { memoryLimitBytes: limit };
}

/**
 * A client has one memory limit: producers naming the same `pulsarClient` must agree on it (all
 * give the same value, or none does). Each producer without `pulsarClient` is a client of its own.
 */
export function checkClientMemoryLimits(r: Reader, producers: readonly ProducerConfig[]): void {
  producers.forEach((p, i) => {
    if (p.pulsarClient === undefined) return;
    const first = producers.find((x) => x.pulsarClient === p.pulsarClient)!;
    if (first === p || first.memoryLimitBytes === p.memoryLimitBytes) return;
    r.fail(
      `$.producers[${i}].memoryLimitBytes`,
      `${first.memoryLimitBytes === undefined ? 'absent' : first.memoryLimitBytes}, as ${first.name} gives it for client ${p.pulsarClient} (a PulsarClient has one MemoryLimitController)`,
      p.memoryLimitBytes ?? 'absent',
    );
  });
}
