import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacros } from './scripts/lingui-macros.ts';
import { precompress } from './scripts/precompress.ts';

// In development Vite serves the SPA and proxies /api and /bff to the BFF (npm run dev).
export default defineConfig(({ command }) => ({
  // A production build fails when a German translation is missing (catalogs.test.ts says which).
  plugins: [linguiMacros(), react(), lingui({ failOnMissing: command === 'build' }), precompress()],
  // The bulk page's CSV worker uses the same messages.
  worker: { format: 'es', plugins: () => [linguiMacros(), lingui()] },
  build: { outDir: 'dist', sourcemap: false, assetsInlineLimit: 0 },
  server: {
    port: 5173,
    // npm run dev passes the BFF's address; servers restart on change through tsx watch.
    proxy: {
      '/api': process.env.BFF_URL ?? 'http://127.0.0.1:8080',
      '/bff': process.env.BFF_URL ?? 'http://127.0.0.1:8080',
    },
  },
}));
