import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'trademark-engine', include: ['src/**/*.test.ts'] } });
