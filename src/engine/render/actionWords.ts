// An action key in words, for the Next actions list: product.md's "deliver this frame, let this
// bookie answer" rather than the grammar of sim/actions.ts alone. The key stays the name (it is
// what schedules, links and the CLI use); these words sit beside it. A key whose parts do not
// read as the grammar says gets no words (null) rather than a guess. A `fault:` key gets none here:
// the UI words it as its fault plan does (ui/keyWords), in one place (UX review 15).
import { linkOfProducer, REPLICATOR } from '../model/config';
import { replicatorOf, type World } from '../model/world';

const isProducer = (w: World, name: string) => name in w.producers;
const isBroker = (w: World, name: string) =>
  w.config.clusters.some((c) => c.brokers.includes(name));
/** A producer as the words name it: a replicator's producer (named by its link key) by its link. */
function who(w: World, name: string): string {
  const link = linkOfProducer(w.config, name);
  if (!link) return name;
  return link.key === REPLICATOR
    ? 'the replicator'
    : `the ${link.cfg.from} → ${link.cfg.to} replicator`;
}
const ENTRY = /^(?:fence-(\d+)|(\d+):(\d+))$/;

function deliverWords(w: World, from: string, to: string, what: string): string | null {
  if (isProducer(w, from)) return `${who(w, from)}'s send of ${what} reaches ${to}`;
  if (isProducer(w, to)) {
    if (what === 'CloseProducerSuccess') return `${from}'s answer to ${who(w, to)}'s close arrives`;
    if (what === 'CloseProducer')
      return `${from} closes ${who(w, to)}'s producer (CommandCloseProducer)`;
    return `${from}'s answer for ${what} reaches ${who(w, to)}`;
  }
  const e = ENTRY.exec(what);
  if (!e) return null;
  const target = e[1] ? `the fencing read of ledger ${e[1]}` : `the add of entry ${e[2]}:${e[3]}`;
  if (isBroker(w, from)) return `${target} reaches ${to}`;
  if (isBroker(w, to)) return `${from}'s answer to ${target} reaches ${to}`;
  return null;
}

/**
 * `<from>-><to>:<what>`, where a replicator's producer name holds `:` and `->` of its own
 * (`replicator:us-east->us-west`): the split is the one whose ends are the world's own names.
 */
function splitDeliver(w: World, arg: string): [string, string, string] | null {
  const known = (n: string) =>
    isProducer(w, n) || isBroker(w, n) || w.config.clusters.some((c) => c.bookies.includes(n));
  for (let i = arg.indexOf('->'); i > 0; i = arg.indexOf('->', i + 2)) {
    const from = arg.slice(0, i);
    const tail = arg.slice(i + 2);
    const to =
      Object.keys(w.producers).find((p) => tail.startsWith(`${p}:`)) ??
      tail.slice(0, tail.indexOf(':'));
    if (known(from) && known(to) && tail.length > to.length + 1)
      return [from, to, tail.slice(to.length + 1)];
  }
  return null;
}

const inFlightAcks = (w: World, sub: string): boolean =>
  w.config.subscriptions.some((s) => s.name === sub && s.acks === 'in-flight');

export function actionWords(key: string, world: World): string | null {
  const [type, ...rest] = key.split(':');
  const arg = rest.join(':');
  switch (type) {
    case 'deliver': {
      const parts = splitDeliver(world, arg);
      return parts ? deliverWords(world, ...parts) : null;
    }
    case 'persist':
      return rest.length >= 2
        ? `${rest[0]}'s ledger completes the write of ${rest.slice(1).join(':')}`
        : null;
    case 'read':
      return rest[0] === 'replicator'
        ? `${who(world, rest.length > 1 ? arg : REPLICATOR)} reads its backlog and sends it`
        : null;
    case 'connect':
      return `${who(world, arg)} connects and resends what is pending`;
    case 'send':
      return rest.length === 2 ? `the application sends ${rest[1]} on ${rest[0]}` : null;
    case 'flush':
      return `the application flushes ${arg}`;
    case 'batch-timer':
      return `${arg}'s batch timer sends the open batch`;
    case 'chunk-expiry':
      return `the consumer at ${arg} expires its oldest incomplete chunked message`;
    case 'metadata':
      return `${rest[0]}'s managed ledger writes its ledger list`;
    case 'consume':
      if (rest.length !== 3) return null;
      // With acknowledgements in flight the ack is a step of its own (`ack:`).
      return inFlightAcks(world, rest[0]!)
        ? `subscription ${rest[0]} receives entry ${rest[1]}:${rest[2]}; its CommandAck leaves`
        : `subscription ${rest[0]} receives entry ${rest[1]}:${rest[2]} and acknowledges it`;
    case 'ack': {
      // A chunked message's CommandAck names every chunk it carries, joined by `+`.
      const entries = rest.slice(1).join(':').split('+');
      if (rest.length < 3 || !entries.every((e) => /^\d+:-?\d+$/.test(e))) return null;
      return entries.length === 1
        ? `subscription ${rest[0]}'s CommandAck for entry ${entries[0]} reaches its broker`
        : `subscription ${rest[0]}'s CommandAck for entries ${entries.join(', ')} (one chunked message's chunks, in one command) reaches its broker`;
    }
    case 'persist-replicator-cursor': {
      // The link (`<from>-><to>:`) when there are several, then the mark-delete.
      const link = rest.length === 3 ? `${REPLICATOR}:${rest[0]}` : REPLICATOR;
      const l = rest.length === 2 || rest.length === 3 ? linkOfProducer(world.config, link) : null;
      if (!l) return null;
      const what = `mark-delete ${rest.at(-2)}:${rest.at(-1)} and its deleted entries`;
      // An ownership change's new owner fenced the cursor ledger at its load: the write will fail.
      const by = replicatorOf(world, l)?.cursor.loadedBy;
      return by === undefined
        ? `${who(world, link)}'s cursor writes ${what} to the cursor ledger`
        : `${who(world, link)}'s cursor on ${world.topics[l.cfg.from]!.owner} tries to write ${what} to the cursor ledger, which ${by} fenced at its load`;
    }
    case 'persist-cursor':
      return rest.length === 3
        ? `the broker writes subscription ${rest[0]}'s mark-delete ${rest[1]}:${rest[2]} to the cursor ledger`
        : null;
    case 'negative-ack':
      return rest.length === 1
        ? `subscription ${rest[0]}'s NegativeAcksTracker fires: its consumer asks for its unacknowledged messages again`
        : null;
    case 'acknowledge':
      return rest.length === 3
        ? `subscription ${rest[0]}'s application acknowledges entry ${rest[1]}:${rest[2]}; its CommandAck leaves`
        : null;
    case 'ack-timeout':
      return rest.length === 1
        ? `subscription ${rest[0]}'s ack timeout passes: its consumer asks for its unacknowledged messages again`
        : null;
    case 'redeliver':
      return rest.length === 1
        ? `subscription ${rest[0]}'s redelivery request reaches its broker, which rewinds the cursor`
        : null;
    case 'replay':
      return `the dedup cursor's replay at ${rest[0]} completes`;
    case 'dedup-snapshot':
      return `${arg}'s broker stores a dedup snapshot (the snapshot timer)`;
    case 'dedup-purge':
      return rest.length >= 2
        ? `${rest[0]}'s broker purges ${rest.slice(1).join(':')} from dedup (inactive too long)`
        : null;
    default:
      return null;
  }
}
