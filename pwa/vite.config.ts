import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.API_URL ?? 'http://localhost:3000';

// Served by the API under /provider/, its own scope for the service worker.
export default defineConfig({
  base: '/provider/',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The dashboard is where the app opens (from the home screen, often offline): its screen
      // comes with the entry instead of a second round of chunks after it (bench: app-start).
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The app registers the worker itself (lib/updates.ts) and asks before updating.
      registerType: 'prompt',
      injectRegister: false,
      scope: '/provider',
      manifest: {
        id: '/provider',
        name: 'TwinClean Pro',
        short_name: 'TwinClean Pro',
        description: 'Jobs, clock in and out, photos and payouts for TwinClean cleaners.',
        start_url: '/provider',
        scope: '/provider',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The route chunks and the compressor's worker script are small; the main bundle is not.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  server: { port: 5174, strictPort: true, proxy: { '/api': api } },
  build: { sourcemap: true },
});
