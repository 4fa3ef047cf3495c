// What the diagram's arrow-menu tests share: every arrow of the run shown, as the diagram's click
// resolves it (arrowTarget over toMermaid's message items), and the menu opened on one of them.
import { render } from '@testing-library/react';
import { toMermaid } from '../../src/engine';
import { ArrowMenu } from '../../src/ui/components/Diagram/ArrowMenu';
import { arrowTarget, type ArrowTarget } from '../../src/ui/components/Diagram/arrows';
import { appStore } from '../../src/ui/store';

/** Every arrow of the run shown, in drawing order. */
export function arrowTargets(): ArrowTarget[] {
  const r = appStore.getState().result!;
  const d = toMermaid(r);
  return d.items.filter((i) => i.kind === 'message').map((_, i) => arrowTarget(r, d.items, i)!);
}

/** The arrow whose label ("6 · M1[2/2] seq 0") starts with `label`. */
export function arrowLabelled(label: string): ArrowTarget {
  const t = arrowTargets().find((a) => `${a.step} · ${a.event.text}`.startsWith(label));
  if (!t) throw new Error(`no arrow ${label}`);
  return t;
}

/** The arrow's ⚡ menu, as a click on it opens it. */
export const openArrowMenu = (t: ArrowTarget) =>
  render(
    <ArrowMenu
      menu={{ ...t, x: 0, y: 0 }}
      busy={false}
      scroller={{ current: null }}
      onClose={() => {}}
    />,
  );
