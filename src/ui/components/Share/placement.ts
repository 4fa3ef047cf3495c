// Where the share bar goes. On a wide window that is not short (1400 × 821 px and up, where the
// fixes are not folded) the header's first line has room beside the scenario picker: the bar sits
// there instead of on a row of its own, which took 38 px of the diagram's height at 1440 × 900
// (UX review 21's finding 5, fixed in review 22). Narrower, or with the folded fixes on that line,
// the buttons do not fit beside the picker, so the bar keeps its row under the header.
import { useEffect, useState } from 'react';

/** Kept in step with styles.css (the header's `.share-bar` rules). */
export const SHARE_IN_HEADER_QUERY = '(min-width: 1400px) and (min-height: 821px)';

/** The window is wide enough for the bar in the header; false where matchMedia is missing. */
export function useShareInHeader(): boolean {
  const media = typeof matchMedia === 'function' ? matchMedia(SHARE_IN_HEADER_QUERY) : null;
  const [inHeader, setInHeader] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return;
    const follow = () => setInHeader(media.matches);
    follow();
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return inHeader;
}
