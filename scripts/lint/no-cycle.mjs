// vatwise/no-cycle: refuses an import that closes an import cycle. import-x/no-cycle skips
// type-only imports (`import type`, `export type … from`); this rule follows every import, type-only
// and dynamic ones included, so two modules that need each other's types must get them from a
// third. It uses import-x's own module graph (ModuleInfo, the resolver of `import-x/resolver-next`)
// and, as import-x/no-cycle with ignoreExternal, does not follow modules outside the package
// (node_modules, other workspaces).
import path from 'node:path';
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { isExternalModule, moduleVisitor } from 'eslint-plugin-import-x/utils';

/** @type {import('@typescript-eslint/utils').TSESLint.RuleModule<'cycle'>} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles, counting type-only imports.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle (type-only imports count): {{route}}. Move the shared types or helpers to a module both can import.',
    },
  },
  defaultOptions: [],
  create(context) {
    const filename = context.physicalFilename;
    /** Modules already searched from this file without reaching it back. */
    const clean = new Set();
    /** @param {string} name @param {string} target */
    const external = (name, target) => isExternalModule(name, target, context);

    return moduleVisitor((source, importer) => {
      const first = ModuleInfo.get(source.value, context);
      if (!first || first.path === filename || clean.has(first.path)) return;
      if (external(source.value, first.path)) return;
      // Breadth first, so the route reported is the shortest way back to this file.
      /** @type {Map<string, string | null>} each module reached -> the module that imports it */
      const cameFrom = new Map([[first.path, null]]);
      const queue = [first];
      for (let module = queue.shift(); module; module = queue.shift()) {
        for (const [target, { resolve: info, declarations }] of module.getImports()) {
          if (cameFrom.has(target) || clean.has(target)) continue;
          if ([...declarations].every((d) => external(String(d.source.value), target))) continue;
          cameFrom.set(target, module.path);
          if (target === filename) {
            const route = [filename, module.path, filename];
            for (let at = cameFrom.get(module.path); at; at = cameFrom.get(at)) route.splice(1, 0, at);
            const shown = route.map((file) => path.relative(context.cwd, file)).join(' → ');
            context.report({ node: importer, messageId: 'cycle', data: { route: shown } });
            return;
          }
          const next = info();
          if (next) queue.push(next);
        }
      }
      for (const reached of cameFrom.keys()) clean.add(reached);
    });
  },
};
