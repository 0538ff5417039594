import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { localeParts } from './build/locale-parts.ts';
import { precompress } from './build/precompress.ts';

/** In dev and preview, /sign?code=… opens sign.html, as the API server does for the built pages. */
function signPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const sign = /^\/sign\/?(\?.*)?$/.exec(req.url ?? '');
    if (sign) req.url = `/sign.html${sign[1] ?? ''}`;
    next();
  };
  return {
    name: 'kxt-sign-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * The flag SVGs of `country-flag-icons`, wherever npm installed the package: the trademark search globs them as asset
 * URLs (globs take an alias, not a package name).
 */
const flagFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
);

/** This folder, so `.env` files and relative paths resolve the same from the repo root and from apps/web. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * Test files that fail when some other file ran before them in the same worker (the responsive tag pickers of the
 * search page measure wrongly; the signing pad mocks signature_pad): they run in their own project, each isolated.
 */
export const KEPT_APART = [
  'src/features/trademark-search/pages/TrademarkSearchPage.test.tsx',
  'src/sign/SignPage.test.tsx',
  'src/sign/signature-controller.test.ts',
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, webRoot, 'KXT_');
  const apiOrigin = env.KXT_API_ORIGIN || 'http://localhost:3000';
  const proxy = { '/api': { target: apiOrigin, changeOrigin: false } };
  return {
    root: webRoot,
    // The API server serves dist/ at the root of its origin and answers deep links with index.html.
    base: '/',
    resolve: { alias: { '@country-flags': flagFolder } },
    plugins: [react(), signPage(), localeParts(webRoot), precompress(path.join(webRoot, 'dist'))],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: {
        // Two pages: the app, and the public signing page (/sign), which must not load the app's code.
        input: { main: path.join(webRoot, 'index.html'), sign: path.join(webRoot, 'sign.html') },
        treeshake: {
          // Budget (first load ≤ 300 KB gzipped). The contracts build zod schemas at module level; the web app
          // imports mostly constants and types from them, so unused schema construction (`z.object(…)`) may be
          // dropped, and zod with it. The contracts' own schema builders are listed too: one call left in place
          // keeps all of zod.
          manualPureFunctions: ['z', 'listQuery', 'commaList', 'requiredText', 'optionalText', 'fileList'],
          // antd's Menu, Tooltip and Input import a context from @rc-component/form's index, which declares no
          // `sideEffects`, so the whole form library (and its validator) would ride along on every first load.
          moduleSideEffects: [
            {
              test: /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/,
              sideEffects: false,
            },
          ],
        },
      },
    },
    server: { proxy },
    preview: { proxy },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...KEPT_APART],
      setupFiles: ['./vitest.setup.ts'],
      // Stylesheets are blank in tests, except read as text (`?raw`), which the font stack's test does.
      css: { include: [/\.css\?raw$/] },
      // Whole-app tests render antd in jsdom and load routes lazily; a cold first test takes a few seconds, and the
      // slowest took 10 s of the former 15 s limit on a busy CI machine. The same limit as the server's tests.
      testTimeout: 30_000,
      // Files share one module graph per worker, as the server's do: importing antd, the router and the pages again
      // for every file was half the project's time (133 s → 71 s alone). State a library keeps across files is
      // handled where it is (`src/test/resize-observer.ts`); files that still depended on what ran before them in
      // the worker run apart (`KEPT_APART`, project web:apart in the root config). Checked with
      // `--sequence.shuffle.files` under a dozen seeds, since which files share a worker changes from run to run.
      isolate: false,
    },
  };
});
