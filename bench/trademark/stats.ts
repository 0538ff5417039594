import { percentile } from '../results-file.ts';

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface Latency {
  readonly p50Ms: number;
  readonly p95Ms: number;
}

export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)) };
}
