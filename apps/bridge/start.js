// The bridge's entry point. Plain JavaScript, so that an older Node reads it and says which Node
// Vigil needs, where it would otherwise stop at the first TypeScript file it cannot load. Node 24
// then runs the TypeScript sources as they are, stripping their types (docs/decisions/028).
import { startOnSupportedNode } from '@vigil/domain/runtime';

await startOnSupportedNode(new URL('./src/main.ts', import.meta.url).href, 2);
