import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

// Served by the API under /provider/, its own scope for the service worker.
export default defineConfig({
  base: '/provider/',
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: { port: 5174, strictPort: true, proxy: { '/api': api } },
  build: { sourcemap: true },
});
