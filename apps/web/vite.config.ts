import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset after the build, so the server sends them as they
 * are (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * zod builds JSON Schema (`toJSONSchema`, Standard Schema's `jsonSchema`) from every schema: the
 * server's OpenAPI uses it, no screen does. Its two modules are a fifth of zod in the browser; here
 * the schemas that zod's classic API builds get, instead, methods that say so if ever called. What
 * parsing reads from those modules (`aggregateChecks`, behind `minLength`, `format`…) stays zod's own.
 */
function zodWithoutJsonSchema(): Plugin {
  const PROCESSORS = '\0zod-json-schema-processors';
  const TO_JSON_SCHEMA = '\0zod-to-json-schema';
  let processorsFile = '';
  const unavailable =
    "() => { throw new Error('JSON Schema is not built in the browser (vite.config.ts zodWithoutJsonSchema)'); }";
  return {
    name: 'vigil-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null;
      if (source === '../core/json-schema-processors.js') {
        processorsFile = path.resolve(path.dirname(importer), source);
        return PROCESSORS;
      }
      if (source === '../core/to-json-schema.js') return TO_JSON_SCHEMA;
      return null;
    },
    load(id) {
      if (id === TO_JSON_SCHEMA) {
        return [
          `export const createToJSONSchemaMethod = () => ${unavailable};`,
          `export const createStandardJSONSchemaMethod = () => ${unavailable};`,
        ].join('\n');
      }
      if (id === PROCESSORS) {
        const names = [
          ...fs.readFileSync(processorsFile, 'utf8').matchAll(/^export const (\w+Processor)\b/gm),
        ].map((m) => m[1]);
        return [
          `export { aggregateChecks } from ${JSON.stringify(processorsFile)};`,
          `const unavailable = ${unavailable};`,
          ...names.map((n) => `export const ${n} = unavailable;`),
        ].join('\n');
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [zodWithoutJsonSchema(), react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every `import … from 'zod'` (the domain package's too) gets zod configured for our CSP.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      // wouter's shim of React 18's useSyncExternalStore: React 19 has it (src/lib/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
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
      // A zod schema is a value, built without side effects: one no screen reads is left out, though
      // its module is in the bundle for another (a module of schemas carries only those it is used for).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Pages are split by React.lazy in src/app/router.tsx; React itself changes rarely, so it gets
        // its own long-cached chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The icons of the signed-in shell and the dashboard, with the icon library's own code, in
            // one chunk rather than a small file each (the sign-in page, which needs the library, loads
            // it too, and is smaller for it).
            {
              name: 'shell-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](activity|bed-double|bell-ring|bluetooth|heart-pulse|log-out|search-x|shield-check|siren|triangle-exclamation-point|x)\.mjs$/,
            },
          ],
        },
      },
    },
  },
});
