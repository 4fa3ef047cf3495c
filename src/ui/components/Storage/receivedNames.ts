// What each receipt of a subscription's consumer carried, named as the Topic panel and the diagram
// name it: a chunk by its place in its message ("M1[1/2]"), not by its message alone. The view's
// `received` lists a chunk's message only ("10:0 M1", "10:1 M1"), so a chunked M1 received whole
// read as M1 received twice, beside a received-once that holds (UX review 23, finding 2). A chunk
// is not a message to the application: ConsumerImpl.processMessageChunk keeps it until the last
// one, and only then hands over M1, once.
import type { World } from '../../../engine';

/** Per subscription, per receipt (the view's `received`, in order): its messages' names. */
export type ReceivedNames = Readonly<Record<string, readonly (readonly string[])[]>>;

/** The names of what each consumer of `cluster`'s topic received, chunks by their place. */
export function receivedNames(w: World, cluster: string): ReceivedNames {
  const subscriptions = Object.values(w.topics[cluster]?.subscriptions ?? {});
  return Object.fromEntries(
    subscriptions.map((s) => [
      s.name,
      s.received.map((r) =>
        r.msgs.map((m) => (m.chunk ? `${m.msg}[${m.chunk.id + 1}/${m.chunk.of}]` : m.msg)),
      ),
    ]),
  );
}

/** A receipt's messages, a chunk by its place when the names say it (a discarded chunk has none). */
export const carried = (msgs: readonly string[], named: readonly string[] | undefined): string =>
  (named && named.length === msgs.length ? named : msgs).join('+');
