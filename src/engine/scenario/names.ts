// The name patterns the scenario format accepts: ids are kebab-case; clusters, brokers, bookies,
// producers, subscriptions and messages are plain names (no spaces, so action keys stay readable).
export const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/**
 * The members every JavaScript object has (`Object.prototype`'s; `__proto__` and the like already
 * fail NAME's first character). The model keys plain objects by these names (a cluster's topic, a
 * message's sends), where `{}["constructor"]` is a function: a cluster named so crashed the loader
 * and a message named so lost its outcomes. Refused with a message that says why.
 */
export const RESERVED_NAMES: readonly string[] = [
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
];
export const NAME = new RegExp(`^(?!(?:${RESERVED_NAMES.join('|')})$)[A-Za-z0-9][A-Za-z0-9._-]*$`);
/** What NAME accepts, in words, for the reader's errors. */
export const NAME_HOLDS =
  'letters, digits, ".", "_" and "-", starting with a letter or digit; no spaces';
