// The app store's public face: every state type and action the UI imports, from the files that
// hold them. The modules depend one way — state ← recipe ← run ← scenario, cursor, branches ←
// faultPlan (describe and view stand apart) — so none imports this index.
export {
  DEFAULT_SCENARIO,
  appStore,
  fixesOn,
  scenarioOf,
  useApp,
  useShownStep,
  type AppState,
  type Branch,
  type FaultJson,
  type FoundBy,
  type Notice,
} from './state';
export { asWrittenBranch, isAsWritten, pathToHere, recipeOf } from './recipe';
export { replaceRunner, retry, setRunner, start } from './run';
export {
  openRecipe,
  runCustomScenario,
  selectScenario,
  setFixes,
  toggleFix,
  type OpenRecipe,
} from './scenario';
export {
  SPEEDS,
  playTick,
  setCursor,
  setPlaying,
  setSpeed,
  stepBack,
  stepFirst,
  stepForward,
  stepLast,
  togglePlay,
} from './cursor';
export {
  openCounterexample,
  pickAction,
  renameBranch,
  resetBranches,
  switchBranch,
  type CounterexampleRecipe,
} from './branches';
export { addFault, removeFault } from './faultPlan';
export { describeFault, describeTrigger, producerSentence, producerWords } from './describe';
export { dismissNotice, setShortcutsOpen, setTheme } from './view';
