import { defineConfig } from 'vitest/config';

// The engine's tests build indexes of up to 200,000 marks; on CI's two cores shared by three workers the 5 s default
// timed one out. The server and web projects allow 30 s for the same reason.
export default defineConfig({
  test: { name: 'trademark-engine', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
