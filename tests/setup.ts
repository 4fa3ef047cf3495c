import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: a lazily loaded panel (the editor, Mermaid) on
// a busy CI machine with parallel workers can take longer. 8 s stays well inside testTimeout.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
});

// Everything below only applies to DOM environments (jsdom). Files that opt into
// `// @vitest-environment node` have no window and skip it.
if (typeof window !== 'undefined') {
  // --- mermaid: jsdom has no text layout, so stub text metrics (toolchain.md §3) ---
  const bbox = function (this: Element) {
    const t = this.textContent ?? '';
    return { x: 0, y: 0, width: Math.max(1, t.length * 8), height: 16 };
  };
  const textLength = function (this: Element) {
    return (this.textContent ?? '').length * 8;
  };
  for (const name of ['SVGElement', 'SVGGraphicsElement', 'SVGTextContentElement']) {
    const proto = (globalThis as Record<string, unknown> as Record<string, { prototype?: object }>)[
      name
    ]?.prototype;
    if (!proto) continue;
    Object.defineProperty(proto, 'getBBox', { value: bbox, configurable: true, writable: true });
    Object.defineProperty(proto, 'getComputedTextLength', {
      value: textLength,
      configurable: true,
      writable: true,
    });
  }

  // --- @xyflow/react: ResizeObserver, DOMMatrixReadOnly, offsetWidth/offsetHeight ---
  // The ResizeObserver callback must be async: xyflow 12.12 stores its container
  // element after observe() is called, and a synchronous callback loses the measurement.
  class ResizeObserverMock implements ResizeObserver {
    private readonly callback: ResizeObserverCallback;
    private disconnected = false;
    constructor(callback: ResizeObserverCallback) {
      this.callback = callback;
    }
    observe(target: Element): void {
      this.disconnected = false;
      setTimeout(() => {
        if (this.disconnected) return;
        this.callback([{ target } as ResizeObserverEntry], this);
      }, 0);
    }
    unobserve(): void {}
    disconnect(): void {
      this.disconnected = true;
    }
  }

  class DOMMatrixReadOnlyMock {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([0-9.]+)\)/)?.[1];
      this.m22 = scale !== undefined ? Number(scale) : 1;
    }
  }

  Object.defineProperty(globalThis, 'ResizeObserver', {
    value: ResizeObserverMock,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(globalThis, 'DOMMatrixReadOnly', {
    value: DOMMatrixReadOnlyMock,
    configurable: true,
    writable: true,
  });
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return parseFloat(this.style.height) || 1;
      },
    },
    offsetWidth: {
      configurable: true,
      get(this: HTMLElement) {
        return parseFloat(this.style.width) || 1;
      },
    },
  });
}
