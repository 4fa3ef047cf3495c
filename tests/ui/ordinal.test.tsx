// One ordinal for the fault plan's alike entries, duplicate-frames' "from its Nth send" and the
// Messages panel's "Nth send (again)": the panel's own copy wrote "21th", "22th", "23th".
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OutcomesPanel } from '../../src/ui/components/Panels/Outcomes';
import { ordinal } from '../../src/ui/ordinal';

describe('ordinal', () => {
  it('st, nd, rd by the last digit, th for 11–13 of every hundred and the rest', () => {
    const ns = [1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 101, 111, 112, 113, 122];
    expect(ns.map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
      '113th',
      '122nd',
    ]);
  });

  it("the Messages panel labels a message's 21st and 22nd sends so", () => {
    const callbacks = Array.from({ length: 22 }, (_, i) =>
      i < 21 ? 'failed: TimeoutException' : 'pending',
    );
    const row = {
      msg: 'M1',
      producer: 'p1',
      cluster: 'local',
      callbacks,
      stored: [],
      flags: [],
      notYetAt: null,
      sentWith: [],
    };
    render(<OutcomesPanel rows={[row]} />);
    const cell = screen.getByTestId('outcome-M1');
    expect(cell).toHaveTextContent('1st send failed: TimeoutException');
    expect(cell).toHaveTextContent('21st send (again) failed: TimeoutException');
    expect(cell).toHaveTextContent('22nd send (again) pending');
  });
});
