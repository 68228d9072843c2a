import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Whole-app renders with user events take a few seconds, and the
      // signing page's longest near twenty on a busy 2-core machine (CI
      // builds Citus beside the tests); a test that hangs still fails.
      testTimeout: 60_000,
      // One worker per core, at least two: the default leaves a core for the
      // runner, which on a 2-core CI machine means one file at a time (the
      // suite took 5 minutes instead of 3.5).
      maxWorkers: Math.max(2, availableParallelism()),
    },
  }),
);
