// `npm run dev`: the API server restarting on change (with demo data) and Vite with hot reload on
// http://localhost:5173, which proxies /api to the server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEMO_SEED: process.env.DEMO_SEED ?? '1' },
  }),
  spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'dev', '-w', '@kxt/web'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      KXT_API_ORIGIN: process.env.KXT_API_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
