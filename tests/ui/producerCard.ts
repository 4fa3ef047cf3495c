// The Producers panel's card of one producer (an <article> headed by its name), for tests that
// read a producer's watermarks, batch or notes.
import { screen, within } from '@testing-library/react';

export const producerCard = (name: string): HTMLElement =>
  within(screen.getByTestId('panel-producers'))
    .getAllByRole('article')
    .find((a) => a.querySelector('strong')?.textContent === name)!;
