import { type ConfigEnv, configDefaults, defineConfig } from 'vitest/config';
import web, { KEPT_APART } from './vite.config.ts';

/** The web tests that run isolated, each file in a fresh module graph (see `KEPT_APART`). */
export default defineConfig(async (env: ConfigEnv) => {
  const base = await web(env);
  // Spread, not mergeConfig: merging would add to the web project's file lists instead of replacing them.
  return {
    ...base,
    test: {
      ...base.test,
      name: 'web:apart',
      include: KEPT_APART,
      exclude: configDefaults.exclude,
      isolate: true,
    },
  };
});
