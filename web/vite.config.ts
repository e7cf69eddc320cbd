import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      // The provider app has its own dev server (pwa/), reached through this one.
      '/provider': { target: 'http://localhost:5174', ws: true },
    },
  },
  // No modulepreload links: on prerendered pages they compete with first paint for bandwidth.
  build: { sourcemap: true, modulePreload: false },
});
