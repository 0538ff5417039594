import { Worker } from 'node:worker_threads';

/** An exported function of a module run by `runOffLoop`: plain data in, plain data (or a promise of it) out. */
type PureFunction = (...args: never[]) => unknown;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Answer {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string };
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker = undefined;
}

function startWorker(): Worker {
  const started = new Worker(new URL('./off-loop-worker.mjs', import.meta.url));
  started.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    // An idle worker does not keep the process alive.
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if (answer.ok) waiting.resolve(answer.value);
    else
      waiting.reject(
        Object.assign(new Error(answer.error?.message), { name: answer.error?.name ?? 'Error' }),
      );
  });
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`the off-loop worker exited with ${code}`)));
  return started;
}

/**
 * Runs `name`, exported by the module at `moduleUrl`, on this process's worker thread and resolves with its result.
 * For seconds of CPU work inside a request (composing images, writing a PDF): on the event loop it would hold up
 * every other request of the server meanwhile. Arguments and result are copied (structured clone), so they must be
 * plain data; an error comes back with its name and message only.
 */
export function runOffLoop<Module extends Record<Name, PureFunction>, Name extends keyof Module & string>(
  moduleUrl: URL,
  name: Name,
  ...args: Parameters<Module[Name]>
): Promise<Awaited<ReturnType<Module[Name]>>> {
  return ask(moduleUrl, name, args) as Promise<Awaited<ReturnType<Module[Name]>>>;
}

/**
 * Starts the worker and loads modules into it ahead of their first use, so that use does not wait for the thread,
 * the TypeScript loader and the modules to start (seconds on a busy machine).
 */
export async function preloadOffLoop(...moduleUrls: URL[]): Promise<void> {
  await Promise.all(moduleUrls.map((moduleUrl) => ask(moduleUrl, null, [])));
}

function ask(moduleUrl: URL, name: string | null, args: unknown[]): Promise<unknown> {
  worker ??= startWorker();
  const running = worker;
  const id = nextId++;
  running.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.postMessage({ id, moduleUrl: moduleUrl.href, name, args });
  });
}
