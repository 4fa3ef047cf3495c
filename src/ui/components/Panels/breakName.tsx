// A producer name with line-break chances only where it reads well: after each dot and before a
// replicator's "-->" arrow, so pulsar.repl.us-east-->us-west breaks as "pulsar.repl." / "us-east"
// / "-->us-west" and never inside a cluster's name or the arrow. In Broker dedup at 1024 px the
// name broke at any character ("pulsar.rep / l.us-east-- / >us-west"), and a hyphen is a break
// chance of its own ("us- / east"). Only a piece longer than LONG characters may still break
// anywhere, so that no name can widen the side column.
import { Fragment, type ReactNode } from 'react';

const LONG = 20;
/** The longest hyphenated word wholeWords keeps on one line ("replication-progress,"). */
const WHOLE = 22;

/** The name cut into the pieces between its break chances (joined, they are the name). */
export function namePieces(name: string): string[] {
  return name.split(/(?<=\.)|(?=-->)/).filter((p) => p !== '');
}

/** The name with a <wbr> between its pieces; a short piece does not break inside, a long one anywhere. */
export function BreakableName({ name }: { readonly name: string }) {
  return (
    <>
      {namePieces(name).map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className={p.length <= LONG ? 'name-piece' : 'name-piece-long'}>{p}</span>
        </Fragment>
      ))}
    </>
  );
}

/**
 * Text with a line-break chance at each place `at` matches (a zero-width split pattern), so a long
 * code word wraps in the side column instead of widening it: a method after each dot, a step key
 * after each ':' and before each '->'.
 */
export function breakAt(text: string, at: RegExp) {
  return text
    .split(at)
    .filter((p) => p !== '')
    .map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        {part}
      </Fragment>
    ));
}

/**
 * Text whose hyphenated words never break at their hyphen (`.word-whole`): a browser breaks after a
 * hyphen, so a narrow column read "mark-" / "delete 10:0" (a topology node, UX review 16) or
 * "send-" / "timeout" (the explorer's faults searched, UX review 17). Only the wrapping changes,
 * never the text. A word over WHOLE characters may still break, so nothing widens its column.
 */
export function wholeWords(text: string): ReactNode[] {
  return text.split(/( )/).map((w, i) =>
    w.includes('-') && w.length <= WHOLE ? (
      <span key={i} className="word-whole">
        {w}
      </span>
    ) : (
      w
    ),
  );
}
