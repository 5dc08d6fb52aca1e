// The worker's entry when the server runs from its TypeScript sources (tests, `npm run dev`):
// TypeScript is compiled by tsx inside the worker. The built server runs dist/preview-worker.js.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./preview-worker.ts');
export default worker.default;
