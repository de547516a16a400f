/**
 * `zod` as the web app imports it (vite.config.ts aliases the bare specifier here, for the domain
 * package too): configured jitless before any schema is built. The CSP forbids eval
 * (script-src 'self'), so zod must neither compile parsers with `new Function` nor probe whether
 * it may, a probe the browser reports as a CSP violation even though zod catches it. An aliased
 * module runs before every module that imports it, which a config call in main.tsx does not once
 * the bundler has split chunks.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default, default as z } from 'zod/v4';
