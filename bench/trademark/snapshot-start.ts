// Run as its own process by `snapshot.ts`: starts as a server would, from nothing but the snapshot file, and reports
// on stdout (JSON) how long the load and the first search took, what the index holds, and the ids each query finds.
import { readFileSync } from 'node:fs';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { megabytes, memorySnapshot } from './memory.ts';

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
process.stdout.write(JSON.stringify({ loadMs, startMs, memoryMb, answers }));
