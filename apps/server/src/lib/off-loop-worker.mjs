// The worker thread of `runOffLoop` (off-loop.ts). Plain JavaScript: a worker does not inherit the TypeScript loader
// the server runs under, so it registers tsx itself before importing the modules it is asked to run.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

parentPort?.on('message', async ({ id, moduleUrl, name, args }) => {
  try {
    const module = await import(moduleUrl);
    // Without a name the module is only loaded (preloadOffLoop).
    parentPort?.postMessage({ id, ok: true, value: name === null ? undefined : await module[name](...args) });
  } catch (error) {
    const { name: errorName = 'Error', message = String(error) } = error instanceof Error ? error : {};
    parentPort?.postMessage({ id, ok: false, error: { name: errorName, message } });
  }
});
