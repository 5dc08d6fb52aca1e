import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainAreaPages } from './main-area-pages';
import { publicPages } from './public-pages';
import { routes } from './routes';
import { pageModulePaths } from './screen-routes';
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
  // The main area's routes load each declared screen's module by its path (screen-routes.tsx);
  // the public pages' routes import theirs by name in routes.tsx.
  const loadsModule = {
    'main-area': (_route: string, module: string) => expect(pageModulePaths, module).toContain(module),
    public: (route: string, module: string) => {
      const routeSource = fs.readFileSync(path.join(webRoot, 'src/app/routes.tsx'), 'utf8');
      const specifier = `../${module.replace(/^src\//, '').replace(/\.tsx?$/, '')}`;
      expect(routeSource, route).toContain(`import('${specifier}')`);
    },
  };

  it.each([
    ['main-area', mainAreaPages],
    ['public', publicPages],
  ] as const)('%s pages are routes whose module the route table loads', (kind, pages) => {
    const paths = routePaths(routes);
    for (const [route, screen] of Object.entries(pages)) {
      expect(paths, route).toContain(route);
      expect(fs.existsSync(path.join(webRoot, screen.module)), screen.module).toBe(true);
      loadsModule[kind](route, screen.module);
    }
  });
});
