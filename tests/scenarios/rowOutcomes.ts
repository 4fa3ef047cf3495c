// A review row's stored messages and outcomes in one line, for the common case: every message has
// one outcome, `stored at <position>`. `quiescentNoAlarm(eastWest(…))` and
// `quiescentWith(local(…), violated(…))` then read as the row's whole result.
import { type ReviewRow, storedAt, violated } from './reviewRows';

type Violation = ReviewRow['expected']['violations'][number];

/** What us-east and us-west store, and where each message was stored (its one outcome). */
export const eastWest = (east: string[], west: string[], at: Record<string, string>) => ({
  stored: { 'us-east': east, 'us-west': west },
  outcomes: storedAt(at),
});

/** What the one cluster `local` stores, and where each message was stored (its one outcome). */
export const localStored = (stored: string[], at: Record<string, string>) => ({
  stored: { local: stored },
  outcomes: storedAt(at),
});

/** no-silent-loss as a Dup answer makes it: `message` completed with -1:-1 for `producer`, judged at
 * `step`, and `cluster` does not store it. */
export const completedButLost = (
  step: number,
  message: string,
  producer: string,
  cluster: string,
): Violation =>
  violated(
    'no-silent-loss',
    step,
    [message],
    `${message} was completed as a success with -1:-1 for ${producer}, but ${cluster} does not store it`,
  );

/** received-once as sub's consumer judges it on the one cluster `local`: the entry at `position`
 * (`message`) was delivered again, judged at `step`, for the reason the consumer gives (`why`). */
export const receivedTwice = (
  step: number,
  message: string,
  position: string,
  why: string,
): Violation =>
  violated(
    'received-once',
    step,
    [message],
    `sub's consumer received ${position} (${message}) twice — one stored entry at local, delivered again: ${why}`,
  );
