// The name patterns the scenario format accepts: ids are kebab-case; clusters, brokers, bookies,
// producers, subscriptions and messages are plain names (no spaces, so action keys stay readable).
export const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
