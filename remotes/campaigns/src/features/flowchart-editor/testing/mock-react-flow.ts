/**
 * What React Flow needs from a browser and jsdom lacks, after the React Flow docs' testing guide
 * (reactflow.dev/learn/advanced-use/testing): a ResizeObserver that reports each observed element
 * at once (so nodes count as measured and edges render), DOMMatrixReadOnly for the viewport
 * transform, element sizes and SVG boxes. Only test files import this.
 */
class ResizeObserverStub {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    // Only React Flow's elements are reported: antd's own observers (tabs, text areas) would
    // otherwise re-measure on every render, which makes the tests slow and measures nothing.
    if (!target.closest('.react-flow')) return;
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

class DOMMatrixReadOnlyStub {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([1-9.]+)\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}

let installed = false;

export function mockReactFlow(): void {
  if (installed) return;
  installed = true;
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub, DOMMatrixReadOnly: DOMMatrixReadOnlyStub });
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
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
}
