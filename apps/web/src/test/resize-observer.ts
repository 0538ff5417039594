/**
 * jsdom has no ResizeObserver; every test file gets this stand-in. Libraries keep the first observer they make for
 * the rest of a worker's files (rc-resize-observer makes one for the page), so a file cannot swap in its own class:
 * it asks this one to report instead. By default nothing is reported; with `reportSizeOnObserve(true)` each observed
 * element is reported once, as a browser does when observing starts.
 */
let reporting = false;

export class ResizeObserverStandIn {
  readonly #callback: ResizeObserverCallback;

  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback;
  }

  observe(target: Element): void {
    if (!reporting) return;
    queueMicrotask(() =>
      this.#callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
    );
  }

  unobserve(): void {}

  disconnect(): void {}
}

/** Whether observed elements are reported (see `ResizeObserverStandIn`). */
export function reportSizeOnObserve(enabled: boolean): void {
  reporting = enabled;
}
