import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The console compiles the shared constants from source: no build step needed in dev and tests.
      '@gw/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/v1': apiTarget, '/pg': apiTarget, '/relay': apiTarget, '/uploads': apiTarget },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Typing through user-event is slow when CI's two cores are busy: a dialog test once took over
    // vitest's default 5 s. Time is measured in bench/, never here, so a roomy limit hides nothing.
    testTimeout: 20_000,
  },
});
