// `npm run backup`: plain JavaScript first, so an older Node says which Node Vigil needs (start.js).
import { startOnSupportedNode } from '@vigil/domain/runtime';

await startOnSupportedNode(new URL('./src/ops/backup.ts', import.meta.url).href, 1);
