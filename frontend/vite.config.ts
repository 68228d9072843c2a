import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Writes `dist/.keep` back after every build.
 *
 * Vite empties `dist` before it builds, which deletes the tracked placeholder.
 * The Go server embeds `frontend/dist`, so the folder has to exist in a fresh
 * checkout (before any front-end build) and git only keeps folders with a file.
 */
function keepDistFolder(): Plugin {
  return {
    name: 'praksis-keep-dist-folder',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(`${outDir}/.keep`, '');
    },
  };
}

export default defineConfig({
  plugins: [react(), keepDistFolder()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app; separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // The Go server resolves the school from the Host header. Browse to
    // http://demo.localhost:5173/ and the proxied request keeps that host
    // (changeOrigin stays off), so the API answers for the demo school.
    // PRAKSIS_API_ORIGIN points the proxy elsewhere when HTTP_ADDR is not the default.
    proxy: {
      '/api': {
        target: process.env.PRAKSIS_API_ORIGIN ?? 'http://127.0.0.1:8080',
        changeOrigin: false,
      },
    },
  },
});
