import v8 from 'node:v8';
import vm from 'node:vm';

/** A full garbage collection, made available at run time so the benchmark needs no command-line flag. */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

export interface MemorySnapshot {
  readonly rss: number;
  /** JavaScript heap plus typed-array buffers: what the process holds for its own data. */
  readonly retained: number;
}

export function memorySnapshot(): MemorySnapshot {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: usage.rss, retained: usage.heapUsed + usage.arrayBuffers };
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / 1e5) / 10;
}
