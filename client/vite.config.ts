import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { qalPwa } from './build/pwa.ts';
import { chunking } from './build/chunks.ts';
import { firstLoadPreloads } from './build/first-load.ts';
import { inlineFavicon } from './build/inline-favicon.ts';
import { precompressedAssets } from './build/precompress.ts';

const gateway = process.env.QAL_GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), qalPwa(), firstLoadPreloads(), inlineFavicon(), precompressedAssets()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/storage': { target: gateway, changeOrigin: true },
      '/ws': { target: gateway.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    ...chunking,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
