import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads } from './route-preloads';
import { signedInData } from './signed-in-data';
import { startupChunkGroup } from './startup-chunk';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // The prerender's server build has no shell to preload for.
    ...(isSsrBuild ? [] : [routePreloads(signedInData)]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      // The provider app has its own dev server (pwa/), reached through this one.
      '/provider': { target: 'http://localhost:5174', ws: true },
    },
  },
  build: {
    sourcemap: true,
    // The entry's chunks are named in the HTML for the empty shell (spa.html) only: the prerender
    // takes the links out of the prerendered pages, where they would compete with first paint for
    // bandwidth. A lazy page's imports are not preloaded beside it: on the booking forms that
    // bunched their start-up work into longer tasks (total blocking time 505 → 822 ms, pages bench).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // The prerender's server build keeps its entry's exports and its chunks as they are.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [startupChunkGroup(path.join(import.meta.dirname, 'src/main.tsx'))],
              },
            },
          },
        }),
  },
}));
