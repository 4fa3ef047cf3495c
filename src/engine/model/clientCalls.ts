// The application's calls by the name its own client gives them: the Java client's
// `Producer.sendAsync` / `flush` / `ProducerBuilder.create`, the Go client's `Producer.SendAsync` /
// `Flush` and `Client.CreateProducer` (the workload has no blocking `send` / `Send`: an `await`
// item waits for the receipts instead). An event, an end note or a
// panel that names the call a Go producer's application made in Java's words (`sendAsync`) sent a
// Go reader looking for a method the Go API does not have (UX review 19, finding 9).
import type { ProducerConfig } from './config';

type Client = ProducerConfig['client'];

/** The asynchronous send: `sendAsync` (Java), `SendAsync` (Go). */
export const sendAsyncCall = (client: Client): string =>
  client === 'go' ? 'SendAsync' : 'sendAsync';

/** The flush of the open batch: `flush()` (Java), `Flush()` (Go). */
export const flushCall = (client: Client): string => (client === 'go' ? 'Flush()' : 'flush()');

/** The producer's creation: `create()` (Java's builder), `CreateProducer` (Go's client). */
export const createCall = (client: Client): string =>
  client === 'go' ? 'CreateProducer' : 'create()';
