// Fails when the built web app's code uses a Mantine class (m_xxxxxxxx) that @mantine/core's full
// styles.css styles but the built CSS does not (a component whose stylesheet was not imported in
// apps/web/src/app/mantine-styles.ts), or when that file imports the stylesheets in another order
// than styles.css has them (later rules win, so the order is part of the styles). Run by
// scripts/build.mjs after vite build.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const webRoot = path.resolve(import.meta.dirname, '../apps/web');
const assets = path.join(webRoot, 'dist/assets');
const require = createRequire(path.join(webRoot, 'package.json'));
const fullCss = fs.readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8');

/** @param {string} text @param {string} prefix */
const classesIn = (text, prefix) =>
  new Set([...text.matchAll(new RegExp(`${prefix}(m_[0-9a-f]{8})\\b`, 'g'))].map((m) => m[1]));
/** @param {string} extension the built files' ending */
const read = (extension) =>
  fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(extension))
    .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');

const styledByMantine = classesIn(fullCss, '\\.');
const styledByUs = classesIn(read('.css'), '\\.');
const usedByCode = classesIn(read('.js'), '');
const missing = [...usedByCode].filter((name) => styledByMantine.has(name) && !styledByUs.has(name));
if (missing.length > 0) {
  const owners = missing.map((name) => {
    const rule = fullCss.indexOf(`.${name}`);
    return `${name} (${
      fullCss
        .slice(Math.max(0, rule - 200), rule)
        .match(/\/\*[^*]*\*\/|[^}]*$/)?.[0]
        ?.trim()
        .slice(0, 60) ?? '?'
    })`;
  });
  console.error(
    `Mantine classes used by the code but not styled (import their stylesheet in apps/web/src/app/mantine-styles.ts):\n  ${owners.join('\n  ')}`,
  );
  process.exit(1);
}
// Each stylesheet's first class, and where styles.css first has it.
const imports = fs.readFileSync(path.join(webRoot, 'src/app/mantine-styles.ts'), 'utf8');
const positions = [...imports.matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g)].flatMap(([, name]) => {
  const sheet = fs.readFileSync(require.resolve(`@mantine/core/styles/${name}.css`), 'utf8');
  const firstClass = /\.m_[0-9a-f]{8}/.exec(sheet)?.[0];
  return firstClass ? [{ name, at: fullCss.indexOf(firstClass) }] : [];
});
const outOfOrder = positions.filter((sheet, index) => index > 0 && sheet.at < (positions[index - 1]?.at ?? 0));
if (outOfOrder.length > 0) {
  console.error(
    `apps/web/src/app/mantine-styles.ts imports these stylesheets later than styles.css has them: ${outOfOrder.map((sheet) => sheet.name).join(', ')}`,
  );
  process.exit(1);
}
console.log(`Mantine styles: every one of the ${usedByCode.size} Mantine classes the code uses is styled.`);
