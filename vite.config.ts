import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server proxies /api to our server (npm run dev starts both).
const apiTarget = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:5174';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': apiTarget, '/health': apiTarget },
  },
  build: {
    outDir: 'dist/app',
    sourcemap: false,
    // Two pages: the app, and /embed (the builder for iframes; see src/embed.tsx).
    rolldownOptions: {
      input: { main: 'index.html', embed: 'embed.html' },
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } },
    },
  },
});
