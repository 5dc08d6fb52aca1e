// Prints how much JavaScript the browser downloads for `/` (gzipped), from Vite's manifest:
// the entry chunk, every chunk it imports statically, the landing page's lazy chunk and
// the translation files `/` reads. With --check, fails above the budget.
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

const files = new Set();
/** @param {string} key */
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
roots.forEach(visit);

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
