// The two lose-receipt picks UX reviews 16 and 17 read the notes of (imported by their *.e2e.mjs;
// not a test file itself): one from a ⚡ in the Producers panel, one from an arrow of the diagram.
import { goToStep, openScenario } from './lib.mjs';

/**
 * geo-v2-clean at step 16: E3's ⚡ in the Producers panel pressed and lose-receipt picked from its
 * menu. Returns the panel and the ⚡, which the note is read beside.
 */
export async function loseE3ReceiptFromBolt(page, baseURL) {
  await openScenario(page, baseURL, 'geo-v2-clean');
  await goToStep(page, 16);
  const producers = page.getByTestId('panel-producers');
  const bolt = producers.getByRole('button', { name: /^Inject a fault on E3 at us-west/ }).first();
  await bolt.scrollIntoViewIfNeeded();
  await bolt.click();
  await page
    .getByRole('menu', { name: 'Faults for E3' })
    .getByRole('menuitem', { name: /^lose-receipt/ })
    .click();
  return { producers, bolt };
}

/** geo-two-way: the label of step 8's arrow (E1's receipt) clicked and lose-receipt picked. */
export async function loseE1ReceiptFromArrow(page, baseURL) {
  await openScenario(page, baseURL, 'geo-two-way');
  const label = page
    .locator('[data-testid=diagram] svg text.messageText', { hasText: /^8 · receipt E1/ })
    .first();
  await label.scrollIntoViewIfNeeded();
  await label.click();
  await page
    .getByRole('menu', { name: /^Faults for step 8/ })
    .getByRole('menuitem', { name: /^lose-receipt/ })
    .click();
}
