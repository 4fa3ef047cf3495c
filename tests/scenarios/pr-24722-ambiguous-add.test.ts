// @vitest-environment node
// What PR 24722 leaves open (docs/research/review-6.md): its re-check records the ledger as recovery
// closed it, but the failed OpAddEntry stays queued and updateLedgersIdsComplete re-sends it into
// the next ledger, so an add that recovery kept is stored twice.
import { describe, expect, it } from 'vitest';
import { invariantsOf, runBuiltin, textsOf } from './helpers';

describe('pr-24722-ambiguous-add: the fenced add that recovery kept', () => {
  const r = runBuiltin('pr-24722-ambiguous-add');

  it('the re-check records ledger 10 with the 1 entry recovery kept (10:0 = M1), which is what the PR fixes', () => {
    expect(textsOf(r, 'broker-1')).toEqual(
      expect.arrayContaining([
        're-check of ledger 10: recovered with 1 entries',
        'ledgerClosed: ledger 10 recorded with 1 entry, creating a new ledger',
      ]),
    );
  });

  it('the queued op is re-sent into ledger 11 all the same: M1 is read at 10:0 and 11:0, and p1 is told 11:0', () => {
    expect(
      textsOf(r, 'broker-1').some((t) => t.includes('re-sending 1 queued adds into ledger 11')),
    ).toBe(true);
    expect(invariantsOf(r)).toEqual(['no-duplicates']);
    // The copy at 11:0 was made by the managed ledger, not by a publish: the detail says so.
    expect(r.violations[0]!.detail).toBe(
      "M1 (p1, seq 0) is stored twice at local: 10:0 and 11:0 — 11:0 is ledger 10's add 10:0 re-sent into ledger 11 by the managed ledger after LedgerFencedException, below deduplication: no publish made this copy; ledger 10's recovery kept 10:0",
    );
    expect(r.outcomes.M1).toEqual(['stored at 11:0']);
  });
});
