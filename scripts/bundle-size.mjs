// Prints how much JavaScript the browser downloads for `/` (gzipped), from Vite's manifest:
// the entry chunk, every chunk it imports statically, the landing page's lazy chunk and
// the translation files `/` reads. With --check, fails above the budget. Then the same for the
// signed-in Home (`/app`, the chunks the server announces for it), which with --check fails if
// zod is among them or among the live channel's chunks, which every signed-in page loads: its
// schemas are for forms and the server, not for a page's start.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** Manifest keys whose chunks `/` needs before it can show the landing page. */
const roots = Object.keys(manifest).filter(
  (key) =>
    manifest[key].isEntry ||
    key.endsWith('features/content/components/VisitorHomePage.tsx') ||
    /locales\/en\/(common|home)\.json$/.test(key),
);

/**
 * Adds to `files` the chunk of a manifest key and every chunk it imports statically.
 * @param {string} key @param {Set<string>} files
 */
function visit(key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported, files);
}
/** @type {Set<string>} */
const files = new Set();
roots.forEach((key) => visit(key, files));

let raw = 0;
let gzipped = 0;
const rows = [...files].map((file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += zipped;
  return { file, kb: (zipped / 1024).toFixed(1) };
});
rows.sort((a, b) => Number(b.kb) - Number(a.kb));
for (const row of rows) console.log(`  ${row.kb.padStart(7)} KB gz  ${row.file}`);
const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
console.log(
  `JavaScript for "/": ${kb(gzipped)} KB gzipped (${kb(raw)} KB raw) in ${files.size} files; budget ${kb(BUDGET_BYTES)} KB.`,
);
if (process.argv.includes('--check') && gzipped > BUDGET_BYTES) {
  console.error('Over budget: the landing page downloads too much JavaScript.');
  process.exit(1);
}

const preloads = JSON.parse(fs.readFileSync(path.join(dist, '.vite/preloads.json'), 'utf8'));
const homeFiles = [...new Set([...preloads.page, ...preloads.main, ...(preloads.screens['/app'] ?? [])])].filter(
  (/** @type {string} */ file) => file.endsWith('.js'),
);
const homeGzipped = homeFiles.reduce(
  (sum, file) => sum + gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
  0,
);
// The live channel (socket.io) loads on every signed-in page, just after the layout.
/** @type {Set<string>} */
const liveFiles = new Set();
const liveKey = Object.keys(manifest).find((key) => key.endsWith('features/agents/live/AgentLive.tsx'));
if (!liveKey) throw new Error('bundle size: the live channel (AgentLive.tsx) is not in the build manifest');
visit(liveKey, liveFiles);
const withZod = [...new Set([...homeFiles, ...liveFiles])].filter((file) => {
  const map = path.join(dist, `${file}.map`);
  return (
    fs.existsSync(map) &&
    JSON.parse(fs.readFileSync(map, 'utf8')).sources.some((/** @type {string} */ source) =>
      /node_modules\/zod\//.test(source),
    )
  );
});
console.log(`JavaScript for the signed-in Home ("/app"): ${kb(homeGzipped)} KB gzipped in ${homeFiles.length} files.`);
if (process.argv.includes('--check') && withZod.length > 0) {
  console.error(
    `zod is in ${withZod.join(', ')}, which the signed-in Home or the live channel loads as a page starts: read plain types and checks there (e.g. userRecordOf, agentSocket) and leave the schemas to the screens that need them.`,
  );
  process.exit(1);
}
