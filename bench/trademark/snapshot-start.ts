// Run as its own process by `snapshot.ts`: starts as a server would, from nothing but the snapshot file, and reports
// on stdout (JSON) how long the load and the first search took, what the index holds, the ids each query finds, and
// how fast it answers the query mix: a server's process holds the index and little else, unlike the bench's, which
// also holds every generated mark.
import { readFileSync } from 'node:fs';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { megabytes, memorySnapshot } from './memory.ts';
import { latency } from './stats.ts';

// As many warm-up queries as the bench's own timing; the mix is timed this many times over and the samples pooled,
// so one collection landing on one query moves the tail less.
const WARM_UP_QUERIES = 30;
const ROUNDS = 3;

const [path, queriesFile] = process.argv.slice(2) as [string, string];
const texts = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
const before = memorySnapshot();
const started = performance.now();
const { index } = await TrademarkIndex.load(path);
const loadMs = performance.now() - started;
index.search({ text: texts[0] as string });
const startMs = performance.now() - started;
const memoryMb = megabytes(memorySnapshot().retained - before.retained);
const answers = texts.map((text) => JSON.stringify(index.search({ text, limit: 20 })));
for (const text of texts.slice(0, WARM_UP_QUERIES)) index.search({ text, limit: 10 });
const samples: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const text of texts) {
    const start = performance.now();
    index.search({ text, limit: 10 });
    samples.push(performance.now() - start);
  }
}
const served = { ...latency(samples), rounds: ROUNDS };
process.stdout.write(JSON.stringify({ loadMs, startMs, memoryMb, answers, served }));
