// `npm run typecheck`: the root project and every workspace's tsconfig, one tsc per core at a time (they were run one
// after another, 80 s on CI's two cores). Prints each failing project's errors and exits non-zero if any failed.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const projects = ['.'];
for (const pattern of workspaces) {
  const dirs = pattern.endsWith('/*')
    ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -1)}${name}`)
    : [pattern];
  projects.push(...dirs.filter(hasTypecheckScript));
}

/** The workspaces that declare a `typecheck` script (each is `tsc -p .`), as `npm run typecheck --workspaces` ran. */
function hasTypecheckScript(dir) {
  const manifest = path.join(root, dir, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.typecheck !== undefined;
}

const failures = [];
const queue = [...projects];
async function worker() {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const started = Date.now();
    try {
      await run(process.execPath, [tsc, '-p', project], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
      console.log(`tsc -p ${project}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failures.push(project);
      console.error(`tsc -p ${project}: failed\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), projects.length) }, worker));
if (failures.length > 0) {
  console.error(`type errors in ${failures.join(', ')}`);
  process.exitCode = 1;
}
