// @vitest-environment node
// MessageDeduplication's decisions at the pushed/persisted boundaries, table-driven.
import { describe, expect, it } from 'vitest';
import { isDuplicate } from '../../src/engine/protocol/MessageDeduplication';
import { isDuplicateReplV2 } from '../../src/engine/protocol/MessageDeduplicationReplV2';
import type { DedupState } from '../../src/engine/model/topic';

const state = (pushed?: number, persisted?: number): DedupState => ({
  enabled: true,
  highestSequencedPushed: pushed === undefined ? {} : { p1: pushed },
  highestSequencedPersisted: persisted === undefined ? {} : { p1: persisted },
});

describe('isDuplicate (normal producers and V1): only the lowest id is compared', () => {
  it.each([
    ['never seen: anything is new', undefined, undefined, 0, -1, 'NotDup', 0],
    ['above pushed', 1, 1, 2, -1, 'NotDup', 2],
    ['at persisted', 1, 1, 1, -1, 'Dup', 1],
    ['below pushed, above persisted: still being written', 3, 1, 2, -1, 'Unknown', 3],
    ['a batch 5..7 at pushed 5 is Dup as a whole', 5, 5, 5, 7, 'Dup', 5],
    ['a new batch raises pushed to its highest id', 1, 1, 2, 4, 'NotDup', 4],
  ] as const)('%s', (_, pushed, persisted, seq, highest, status, pushedAfter) => {
    const d = state(pushed, persisted);
    expect(isDuplicate(d, 'p1', seq, highest)).toBe(status);
    expect(d.highestSequencedPushed.p1).toBe(pushedAfter);
  });

  it('dedup disabled: NotDup and no state', () => {
    const d = { ...state(5, 5), enabled: false };
    expect(isDuplicate(d, 'p1', 1, -1)).toBe('NotDup');
    expect(d.highestSequencedPushed.p1).toBe(5);
  });
});

describe('isDuplicateReplV2: one watermark over source positions', () => {
  const d: DedupState = {
    enabled: true,
    highestSequencedPushed: { r_LID: 10, r_EID: 5 },
    highestSequencedPersisted: { r_LID: 10, r_EID: 4 },
  };
  it.each([
    [10, 3, 'Dup'],
    [10, 5, 'Unknown'],
    [9, 100, 'Dup'],
  ] as const)('source %i:%i → %s', (l, e, status) => {
    expect(
      isDuplicateReplV2(
        { ...d, highestSequencedPushed: { ...d.highestSequencedPushed } },
        'r',
        l,
        e,
      ),
    ).toBe(status);
  });
  it('a higher position is NotDup and moves both keys', () => {
    const x = { ...d, highestSequencedPushed: { ...d.highestSequencedPushed } };
    expect(isDuplicateReplV2(x, 'r', 11, 0)).toBe('NotDup');
    expect(x.highestSequencedPushed).toEqual({ r_LID: 11, r_EID: 0 });
  });
});
