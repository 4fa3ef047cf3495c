// The engine's public face: the only import path for worker/, ui/ and cli/.
export type { Config, ProducerConfig, WorkloadItem } from './model/config';
export { REPLICATOR, replicationLinks } from './model/config';
export { hasExpirableCursor, isTrimmable } from './model/topicFaultPlaces';
export type { FaultKind, FaultSpec } from './model/faultPlan';
export { FAULT_KINDS } from './model/faultPlan';
export type { ExploreFaultKind, FaultScope } from './model/faultScope';
export {
  EXPLORE_FAULT_KINDS,
  faultKindApplies,
  faultKindBlocker,
  kindFitsStorage,
} from './model/faultScope';
export type { FixId } from './model/fixes';
export {
  applicableFixes,
  FIX_IDS,
  fixApplies,
  fixesToCompare,
  replicationDedup,
} from './model/fixes';
export type { EventKind, SimEvent } from './model/events';
export type * from './model/connection';
export type * from './model/producer';
export type * from './model/replicator';
export type * from './model/topic';
export type * from './model/world';
export type { Action, EnabledAction, FaultAction } from './sim/actions';
export { ActionClass } from './sim/actions';
export { enabledActions } from './sim/enabled';
export { applies as faultApplies, faultReason } from './sim/faults';
export { contextExpiryTarget } from './protocol/partitionProducerContextExpiry';
export { connectionPeers, pulsarClientOf } from './protocol/ConnectionPool';
export { initialWorld } from './sim/init';
export { step } from './sim/step';
export { passedPlanFaults, passedWords, type PassedFault } from './sim/passedFaults';
export { run, DEFAULT_MAX_STEPS, withExploreFaults } from './sim/run';
export { outcomesOf, storedOf } from './sim/runOutcomes';
export { explore, Explorer } from './explore/explorer';
export {
  explorerBounds,
  explorerConfig,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_STATES,
  MAX_EXPLORE_DEPTH,
  MAX_EXPLORE_FAULTS,
  MAX_EXPLORE_STATES,
} from './explore/bounds';
export type { Counterexample, ExploreProgress, ExploreResult } from './explore/explorer';
export type { ExploreOptions } from './explore/bounds';
export type { RunResult, ScheduleError, StepRecord, Violation } from './sim/run';
export type { EndNote } from './check/endNote';
export { SAFETY_INVARIANTS } from './check/invariants';
export type { InvariantId } from './check/invariants';
export {
  jsonSyntaxError,
  loadScenario,
  parseJsonText,
  parseScenarioText,
  SCENARIO_FORMAT,
} from './scenario/validate';
export type { LoadResult } from './scenario/validate';
export type { ValidationError } from './scenario/reader';
export { storedMessages } from './protocol/ManagedLedger';
export { maxUnackedRangesToPersist } from './protocol/ManagedCursorUnackedRanges';
export { panelsOf, sequenceRange, sendLabel, responseLabel } from './render/panels';
export { outcomeRows, type OutcomeFlag, type OutcomeRow } from './render/outcomes';
export { heldSince, type HeldSince } from './render/heldSince';
export { actionWords } from './render/actionWords';
export { ruleSource, type RuleSource } from './render/sources';
export type {
  ChannelPanel,
  DedupRow,
  EntryView,
  Panels,
  PanelTrace,
  MemoryLimitView,
  PendingQueueView,
  PendingView,
  ProducerPanel,
  TopicPanel,
} from './render/panels';
export type {
  ReceiptCaseView,
  ReplicationPanel,
  SourceEntryView,
  CursorLedgerView,
  WatermarkRow,
} from './render/panels';
export { toMermaid, VIOLATION_FILL } from './render/mermaid';
export type { MermaidDiagram, MermaidItem } from './render/mermaid';
export { toMarkdownTable, TABLE_LEGEND } from './render/table';
export { boundsText, fixTableMarkdown, searchCell, verdictCell } from './render/fixTable';
export type { FixVerdict } from './render/fixTable';
export { escapeCell, escapeLabel } from './render/escape';
export { participantsOf } from './render/participants';
export type { Participant, RenderInput, StepRange } from './render/participants';
export { storageOf } from './render/storage';
export type {
  BkMessageView,
  BookieLedgerView,
  BookieView,
  BrokerView,
  ChunkedMessageView,
  EnsembleView,
  LedgerMetaView,
  ManagedLedgerView,
  MetadataView,
  PendingAddView,
  RecordedLedgerView,
  StoragePanel,
  SubscriptionView,
  TakeoverView,
} from './render/storage';
export { topologyOf } from './render/topology';
export type {
  Topology,
  TopologyEdge,
  TopologyEdgeKind,
  TopologyNode,
  TopologyNodeKind,
} from './render/topology';
