import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariableNames } from './config';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The variables in the README's "Configuration" section: every name in the first cell of a table row. */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const firstCells = [...section.matchAll(/^\| ([^|]+) \|/gm)].map((match) => match[1] ?? '');
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] ?? ''));
}

/** The variables .env.example sets or shows commented out (`NAME=` or `# NAME=`). */
function envExampleVariables(): string[] {
  const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
  return [...example.matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? '');
}

const sorted = (names: readonly string[]) => [...new Set(names)].sort();

describe('the documented configuration', () => {
  it('lists in the README table exactly the variables the server reads', () => {
    expect(sorted(readmeVariables())).toEqual(sorted(configVariableNames));
  });

  it('lists in .env.example exactly the variables the server reads', () => {
    expect(sorted(envExampleVariables())).toEqual(sorted(configVariableNames));
  });
});
