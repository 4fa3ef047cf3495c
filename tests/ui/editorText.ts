// Test helper: replace the scenario editor's text as a user would (pasted: user.type reads { and [
// as key descriptors).
import type userEvent from '@testing-library/user-event';

export async function replaceText(
  user: ReturnType<typeof userEvent.setup>,
  box: HTMLTextAreaElement,
  text: string,
): Promise<void> {
  await user.clear(box);
  box.focus();
  await user.paste(text);
}
