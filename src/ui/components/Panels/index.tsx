// The state panels at the cursor. The view-models come from engine/render/panels (pure), computed
// once per (run, cursor); each panel only lays them out.
import { useMemo } from 'react';
import { panelsOf } from '../../../engine';
import { useShownStep } from '../../store';
import { DedupPanel } from './Dedup';
import { InFlightPanel } from './InFlight';
import { InvariantsPanel } from './Invariants';
import { ProducersPanel } from './Producers';
import { ReplicationPanel } from './Replication';
import { StoragePanels } from '../Storage';
import { TopicPanel } from './Topic';

export function Panels() {
  // Memoized per (run, cursor): renders that change neither (theme, menus) do no work here.
  const { result, cursor } = useShownStep();
  return useMemo(() => {
    const now = result?.steps[cursor];
    if (!result || !now) return null;
    const panels = panelsOf(
      now.world,
      result.steps[cursor - 1]?.world,
      result.steps.slice(0, cursor + 1),
    );
    return (
      // data-step: the step these panels show (they follow the cursor a render later).
      <div className="panels" data-step={cursor}>
        <InvariantsPanel result={result} cursor={cursor} />
        {panels.replication && <ReplicationPanel repl={panels.replication} />}
        <StoragePanels result={result} cursor={cursor} />
        <ProducersPanel producers={panels.producers} />
        <DedupPanel topics={panels.topics} />
        <TopicPanel topics={panels.topics} />
        <InFlightPanel channels={panels.channels} />
      </div>
    );
  }, [result, cursor]);
}
