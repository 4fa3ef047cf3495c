// The state panels at the cursor. The view-models come from engine/render/panels (pure), computed
// once per (run, cursor); each panel only lays them out.
import { useMemo } from 'react';
import { panelsOf } from '../../../engine';
import { useApp } from '../../store';
import { DedupPanel } from './Dedup';
import { InFlightPanel } from './InFlight';
import { InvariantsPanel } from './Invariants';
import { ProducersPanel } from './Producers';
import { ReplicationPanel } from './Replication';
import { StoragePanels } from '../Storage';
import { TopicPanel } from './Topic';

export function Panels() {
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  const panels = useMemo(() => {
    const now = result?.steps[cursor];
    return now
      ? panelsOf(now.world, result.steps[cursor - 1]?.world, result.steps.slice(0, cursor + 1))
      : null;
  }, [result, cursor]);
  if (!result || !panels) return null;
  return (
    <div className="panels">
      <InvariantsPanel result={result} cursor={cursor} />
      {panels.replication && <ReplicationPanel repl={panels.replication} />}
      <StoragePanels />
      <ProducersPanel producers={panels.producers} />
      <DedupPanel topics={panels.topics} />
      <TopicPanel topics={panels.topics} />
      <InFlightPanel channels={panels.channels} />
    </div>
  );
}
