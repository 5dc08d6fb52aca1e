import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainAreaPages } from './main-area-pages';
import { publicPages } from './public-pages';
import { routes } from './routes';
import type { RouteObject } from 'react-router';

const webRoot = path.resolve(import.meta.dirname, '../..');

/** Every full path of the route table. */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    return [...(route.path === undefined ? [] : [own]), ...routePaths(route.children ?? [], own)];
  });
}

describe('the pages the server preloads', () => {
  it.each([
    ['main-area', mainAreaPages],
    ['public', publicPages],
  ])('%s pages are routes whose module the route table loads', (_kind, pages) => {
    const paths = routePaths(routes);
    const routeSource = fs.readFileSync(path.join(webRoot, 'src/app/routes.tsx'), 'utf8');
    for (const [route, screen] of Object.entries(pages)) {
      expect(paths, route).toContain(route);
      expect(fs.existsSync(path.join(webRoot, screen.module)), screen.module).toBe(true);
      const specifier = `../${screen.module.replace(/^src\//, '').replace(/\.tsx?$/, '')}`;
      expect(routeSource, route).toContain(`import('${specifier}')`);
    }
  });
});
