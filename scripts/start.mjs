// `npm start`: build the web app if it has not been built, then migrate, seed demo data into an empty database
// (DEMO_SEED defaults to 1 here) and serve everything on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Building the web app (first start only; `npm run build` rebuilds it)…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@kxt/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEMO_SEED: process.env.DEMO_SEED ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
