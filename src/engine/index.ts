// The engine's public face: the only import path for worker/, ui/ and cli/.
export type { Config, FaultKind, FaultSpec, FixId, ProducerConfig, WorkloadItem } from './model/config';
export { FAULT_KINDS, FIX_IDS } from './model/config';
export type { EventKind, SimEvent } from './model/events';
export type * from './model/world';
export type { Action, EnabledAction, FaultAction } from './sim/actions';
export { ActionClass } from './sim/actions';
export { enabledActions } from './sim/enabled';
export { initialWorld } from './sim/init';
export { step } from './sim/step';
export { run, DEFAULT_MAX_STEPS, outcomesOf, storedOf } from './sim/run';
export type { RunResult, ScheduleError, StepRecord, Violation } from './sim/run';
export { SAFETY_INVARIANTS } from './check/invariants';
export type { InvariantId } from './check/invariants';
export { loadScenario, parseScenarioText, SCENARIO_FORMAT } from './scenario/validate';
export type { LoadResult } from './scenario/validate';
export type { ValidationError } from './scenario/reader';
export { storedMessages } from './protocol/ManagedLedger';
