import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The web app's screen declarations: plain data, read here without the web build's bundler.
import { screens } from '../../apps/web/src/app/screens';

const webSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');
const englishNav = (
  JSON.parse(fs.readFileSync(path.join(webSource, 'locales/en/common.json'), 'utf8')) as {
    nav: Record<string, unknown>;
  }
).nav;

/**
 * The heading of a screen whose first heading is not its navigation title: Home's welcome, the
 * content pages' own titles, Practice exactly, and the demo's list of surveys.
 */
const headingOf: Record<string, RegExp> = {
  '/app': /Welcome to VAT Wise/,
  '/app/about': /./,
  '/app/mission': /./,
  '/app/vision': /./,
  '/app/technology': /./,
  '/app/security': /./,
  '/app/whitepaper': /./,
  '/app/practice': /^Practice$/,
  '/app/demo/surveys': /^Surveys/,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every screen of the main area that a path opens as it is (none with a `:name` segment), as the
 * web app declares them, with the heading it shows: its own from `headingOf`, else one that
 * starts with its navigation title, else any heading.
 */
export const mainAreaScreens: { path: string; heading: RegExp }[] = screens
  .filter((screen) => !screen.path.includes(':'))
  .map((screen) => {
    const title = screen.nav ? englishNav[screen.id] : undefined;
    const heading = headingOf[screen.path] ?? (typeof title === 'string' ? new RegExp(`^${escapeRegExp(title)}`) : /./);
    return { path: screen.path, heading };
  });
