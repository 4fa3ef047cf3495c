// Broker dedup's producer names break only after a dot and before a replicator's "-->" (UX review
// 6: at 1024 px "pulsar.repl.us-east-->us-west" broke at any character, as "pulsar.rep /
// l.us-east-- / >us-west"); a short piece (a cluster's name) does not break at its hyphen either.
// The e2e ux-review-6-followup checks the lines in Chromium.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { BreakableName, namePieces } from '../../src/ui/components/Panels/breakName';
import { selectScenario, stepLast } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

/** The text between the <wbr>s of an element. */
const pieces = (el: Element): string[] => {
  const out = [''];
  for (const n of el.childNodes) {
    if (n.nodeName === 'WBR') out.push('');
    else out[out.length - 1] += n.textContent ?? '';
  }
  return out;
};

describe('Broker dedup: where a producer name may break', () => {
  it('BreakableName: a piece of over 20 characters may break anywhere (it must not widen the column)', () => {
    const { container } = render(
      <BreakableName name="pulsar.repl.a-cluster-with-a-very-long-name-->b" />,
    );
    expect([...container.querySelectorAll('.name-piece')].map((e) => e.textContent)).toEqual([
      'pulsar.',
      'repl.',
      '-->b',
    ]);
    expect(container.querySelector('.name-piece-long')).toHaveTextContent(
      'a-cluster-with-a-very-long-name',
    );
  });

  it('namePieces: after dots, before "-->", nowhere else', () => {
    expect(namePieces('pulsar.repl.us-east-->us-west')).toEqual([
      'pulsar.',
      'repl.',
      'us-east',
      '-->us-west',
    ]);
    expect(namePieces('p1')).toEqual(['p1']);
    expect(namePieces('my-producer.v2')).toEqual(['my-producer.', 'v2']);
  });

  it('seed 000 at its end: the replicator name cell has <wbr> only at those places', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    act(() => stepLast());
    render(<Panels />);
    const cell = screen.getByTestId('dedup-us-west').querySelector('tbody td')!;
    expect(cell.textContent).toBe('pulsar.repl.us-east-->us-west_LID:_EID');
    const name = [...cell.childNodes]
      .filter((n) => !(n instanceof HTMLElement && n.classList.contains('tag')))
      .slice(0, -1); // the last <wbr> is before the tag
    const holder = document.createElement('div');
    for (const n of name) holder.append(n.cloneNode(true));
    expect(pieces(holder)).toEqual(['pulsar.', 'repl.', 'us-east', '-->us-west']);
    // Each piece is kept whole (white-space: nowrap), so "us-east" does not break at its hyphen.
    expect([...holder.querySelectorAll('.name-piece')].map((e) => e.textContent)).toEqual([
      'pulsar.',
      'repl.',
      'us-east',
      '-->us-west',
    ]);
  });
});
