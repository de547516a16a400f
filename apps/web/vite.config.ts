import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // Same origin in production; in dev the API runs beside Vite. `ws` covers live event sockets.
      '/api': { target: 'http://localhost:5000', ws: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Maps for error reports, without the sourceMappingURL comment that makes browsers fetch them.
    sourcemap: 'hidden',
    rolldownOptions: {
      // @vigil/domain is pure (no I/O, no globals; docs/style.md), so schemas and clinical helpers a
      // page does not import can be dropped from its chunk.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]/, sideEffects: false }],
      },
      output: {
        // Pages are split by React.lazy in src/app/router.tsx; React itself changes rarely, so it gets
        // its own long-cached chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
