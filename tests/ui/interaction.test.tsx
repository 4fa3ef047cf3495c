// Part of issue 6 in jsdom: clickable next actions fork a branch listed in Branches; ⚡ on an
// in-flight frame adds a fault to the plan (removable); Space plays, `?` lists the shortcuts;
// the theme toggle; the worker runner restarts after a failure.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/App';
import { restartingRunner } from '../../src/ui/engineRunner';
import { appStore, selectScenario, setCursor, setRunner, start } from '../../src/ui/store';
import { directRunner, handleRequest } from '../../src/worker/handle';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('geo-v2-clean');
});

const keys = () => appStore.getState().result!.steps.map((s) => s.key);

describe('interaction', () => {
  it('a non-default next action forks; the branch list switches back', async () => {
    const user = userEvent.setup();
    render(<App />);
    const next = screen.getByTestId('panel-next');
    const buttons = within(next).getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(1);
    await user.click(buttons[1]!);
    await waitFor(() => expect(screen.getByTestId('panel-branches')).toBeInTheDocument());
    expect(appStore.getState().cursor).toBe(1);
    const branches = within(screen.getByTestId('panel-branches')).getAllByRole('button');
    expect(branches).toHaveLength(2);
    expect(branches[1]).toHaveAttribute('aria-current', 'true');
    await user.click(branches[0]!);
    await waitFor(() => expect(appStore.getState().branch).toBe(0));
  });

  it('⚡ on E3 in flight to us-west: checksum-error (corrupted) → no-silent-loss; remove restores', async () => {
    const user = userEvent.setup();
    act(() => setCursor(keys().indexOf('read:replicator')));
    render(<App />);
    const inflight = screen.getByTestId('panel-inflight');
    await user.click(
      within(inflight).getByRole('button', { name: 'Inject a fault on E3 at us-west' }),
    );
    await user.click(
      screen.getByRole('menuitem', { name: /checksum-error, local buffer corrupted/ }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('panel-invariants')).toHaveTextContent('no-silent-loss'),
    );
    const plan = screen.getByTestId('panel-faults');
    expect(plan).toHaveTextContent('checksum-error on E3 at us-west (local buffer corrupted)');
    await user.click(within(plan).getByRole('button', { name: /^Remove checksum-error on E3/ }));
    await waitFor(() =>
      expect(screen.getByTestId('panel-invariants')).toHaveTextContent('No invariant violated'),
    );
  });

  it('Space plays to the end at the chosen speed; ? opens the shortcut list; theme toggles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<App />);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '16');
      await user.click(screen.getByTestId('step-label'));
      await user.keyboard(' ');
      expect(appStore.getState().playing).toBe(true);
      const last = appStore.getState().result!.steps.length - 1;
      await act(() => vi.advanceTimersByTimeAsync((last + 2) * 70));
      expect(appStore.getState().cursor).toBe(last);
      expect(appStore.getState().playing).toBe(false);
      await user.keyboard('?');
      expect(screen.getByRole('dialog', { name: 'Help and keyboard shortcuts' })).toHaveTextContent(
        'Space',
      );
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Dark theme' }));
      expect(document.documentElement.dataset.theme).toBe('dark');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('restartingRunner', () => {
  it('a failed worker is replaced; the next request works', async () => {
    const made: FakeWorker[] = [];
    class FakeWorker {
      onmessage: ((e: MessageEvent) => void) | null = null;
      onerror: ((e: ErrorEvent) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      terminated = false;
      constructor(readonly broken: boolean) {}
      postMessage(req: { id: number }) {
        setTimeout(() => {
          if (this.broken) this.onerror?.({ message: 'boom' } as ErrorEvent);
          else
            this.onmessage?.({
              data: { id: req.id, ...handleRequest(req as never) },
            } as MessageEvent);
        }, 0);
      }
      terminate() {
        this.terminated = true;
      }
    }
    const run = restartingRunner(() => {
      const w = new FakeWorker(made.length === 0);
      made.push(w);
      return w as unknown as Worker;
    });
    const req = { type: 'run' as const, scenario: {}, fixes: [] };
    const bad = await run(req);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.map((e) => e.message).join(' ')).toMatch(
      /boom.*new engine worker/,
    );
    expect(made).toHaveLength(2);
    expect(made[0]!.terminated).toBe(true);
    const good = await run(req);
    // The second worker answers (a validation error for `{}`, but an answer, not a crash).
    expect(good.ok).toBe(false);
    expect(!good.ok && good.errors[0]!.path).not.toBe('worker');
  });

  it('the page shows what to do after a worker failure, and Retry runs again', async () => {
    const user = userEvent.setup();
    let fail = true;
    setRunner((req) =>
      fail
        ? Promise.resolve({
            ok: false,
            errors: [{ path: 'worker', message: 'the engine worker failed: boom' }],
          })
        : directRunner(req),
    );
    render(<App />);
    await act(() => start());
    expect(screen.getByRole('alert')).toHaveTextContent('has been restarted');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(appStore.getState().status).toBe('ready');
  });
});
