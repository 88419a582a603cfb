import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The build number: git short sha + UTC timestamp (timestamp alone outside git). Shown in the footer (SPEC §1). */
function buildNumber(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 13);
  try {
    return `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()}.${stamp}`;
  } catch {
    return stamp;
  }
}
const BUILD = process.env.BAYBOOK_BUILD ?? buildNumber();

/** dist/build-meta.json: the live build number the app compares with its own (SPEC §4 cache busting). */
function buildMeta(): Plugin {
  let outDir = 'dist';
  return {
    name: 'baybook-build-meta',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      writeFileSync(resolve(outDir, 'build-meta.json'), JSON.stringify({ version: '3.0', build: BUILD }));
    },
  };
}

export default defineConfig({
  define: { __BUILD__: JSON.stringify(BUILD) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'BayBook',
        short_name: 'BayBook',
        description: 'Garage and auto-care shop management that keeps working offline',
        theme_color: '#1f4e79',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    buildMeta(),
  ],
  build: { sourcemap: false, chunkSizeWarningLimit: 1200 },
  // the pull's worker (src/sync/pullWorker.ts) is started as a module worker: built as an ES module (its own chunk)
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/docs': 'http://127.0.0.1:3000' } },
});
