import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

/**
 * Libraries every page needs go into a few long-lived vendor chunks, so a deployment that changes only
 * app code does not make returning visitors download React or Mantine again.
 */
const VENDOR_CHUNKS: [RegExp, string][] = [
  [/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, 'vendor-react'],
  [/[\\/]node_modules[\\/]react-router[\\/]/, 'vendor-router'],
  [/[\\/]node_modules[\\/]@tanstack[\\/]/, 'vendor-query'],
  [/[\\/]node_modules[\\/]zod[\\/]/, 'vendor-zod'],
];

/** Sources of @app/contracts, @app/policy and @app/pricing (Vite compiles them from packages/). */
const WORKSPACE_SOURCE = /[\\/]packages[\\/](contracts|policy|pricing)[\\/]src[\\/]/;

/**
 * Vite writes this word as the `nonce` of every script, style sheet and module preload of index.html and
 * of the `csp-nonce` meta tag its loader reads for the chunks it adds later; the API replaces it with a
 * fresh nonce per response, the one its Content-Security-Policy names (apps/api/src/plugins/web-app.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Where the API listens during development; the built app is served by the API itself (same origin). */
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // The workspace packages are plain declarations (schemas, tables, pure functions): a page keeps only
      // the modules it uses, so the sign-in page does not carry every form's schema (and libphonenumber).
      treeshake: { moduleSideEffects: (id) => !WORKSPACE_SOURCE.test(id) },
      output: {
        // Spec 1 §9: lazily loaded chunks are fetched under /js/ and styles under /css/.
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/[name]-[hash].js',
        manualChunks: (id) => VENDOR_CHUNKS.find(([pattern]) => pattern.test(id))?.[1],
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? '';
          return name.endsWith('.css') ? 'css/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]';
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
