// The Producers panel's row for the client's memory limit (`memoryLimitBytes`): the bytes in use
// against the limit, who holds them, and the application's send that waits for them. The budget is
// the client's (one MemoryLimitController per PulsarClient), so every producer card of a shared
// `pulsarClient` names the client and its producers: pa waits for bytes pb's N1 holds. Before this
// row only the quiet end's note said so, once the run was over.
import type { MemoryLimitView } from '../../../engine';
import { BlockedSendFault } from './BlockedSendFault';
import { changedClass } from './changed';

export function MemoryLimitRow({ memory }: { readonly memory: MemoryLimitView }) {
  const shared = memory.producers.length > 1;
  return (
    <div className={changedClass(memory.changed, 'row')} data-testid="memory-limit">
      {/* The spaces keep the text readable when copied or read aloud (flex drops them). */}
      <span className="row-label">memoryLimitBytes</span>{' '}
      <span className="pending-queue-text">
        <span className="muted">
          {memory.client}
          {shared && ` (${memory.producers.join(', ')})`}:
        </span>{' '}
        <span className={memory.over ? 'bad' : undefined} data-testid="memory-limit-usage">
          {memory.usage}
        </span>
        {memory.waiting && (
          // The application is held in sendAsync: the send is in no other panel yet.
          <>
            {' '}
            <span className="bad" data-testid="memory-limit-waiting">
              · {memory.waiting}
            </span>
            <BlockedSendFault producers={memory.producers} place="producers-memory" />
          </>
        )}
      </span>
    </div>
  );
}
