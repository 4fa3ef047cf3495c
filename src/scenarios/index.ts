// The built-in scenarios: data, one JSON file each, with their expected outcome (`expect`).
// Listed explicitly (not globbed) so the CLI under Node and the app under Vite see the same set.
import lostReceiptDedupOff from './lost-receipt-dedup-off.json';
import lostReceiptDedupOn from './lost-receipt-dedup-on.json';
import resendBeforePersistUnknown from './resend-before-persist-unknown.json';
import seed003AGo from './seed-003-a-go.json';
import seed003AJava from './seed-003-a-java.json';
import seed003BGo from './seed-003-b-go.json';
import seed003BJava from './seed-003-b-java.json';

export interface BuiltinScenario {
  readonly id: string;
  readonly title: string;
  readonly references?: readonly string[];
  readonly description?: string;
  readonly expect?: { readonly violations?: readonly string[]; readonly stored?: Record<string, readonly string[]> };
  readonly [key: string]: unknown;
}

export const BUILTINS: readonly BuiltinScenario[] = [
  seed003AGo,
  seed003BGo,
  seed003AJava,
  seed003BJava,
  lostReceiptDedupOn,
  lostReceiptDedupOff,
  resendBeforePersistUnknown,
];

export const builtinById = (id: string): BuiltinScenario | undefined => BUILTINS.find((s) => s.id === id);
