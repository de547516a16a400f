/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts), which wouter imports for React
 * before 18: React 19 has the hook itself, and the shim's fallback was code every page downloaded.
 */
export { useSyncExternalStore } from 'react';
