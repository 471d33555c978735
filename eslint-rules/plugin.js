import path from 'node:path';
import { cyclesUnder, resolvedFile, targetOf } from './module-graph.js';

/** Every static import, re-export and dynamic import of a file, with whether it is type-only. */
function importVisitors(check) {
  const source = (node, typeOnly) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value, typeOnly);
  };
  return {
    ImportDeclaration: (node) =>
      source(
        node,
        node.importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
      ),
    ExportNamedDeclaration: (node) => source(node, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => source(node, node.exportKind === 'type'),
    ImportExpression: (node) => source(node, false),
  };
}

const rootOf = (context) => context.cwd ?? context.getCwd();
const relativeFile = (context) =>
  path
    .relative(rootOf(context), context.filename ?? context.getFilename())
    .split(path.sep)
    .join('/');

/**
 * Path-based zones: a file matching `from` may not import what matches `to` (unless it matches `except`), whether
 * written relative or through an alias. `$1` in `to` / `except` stands for what `from`'s first group matched (the
 * file's own area). `packages` names npm packages the zone may not import; `typeOnly: 'allowed'` lets type-only
 * imports through.
 */
const boundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            from: { type: 'string' },
            to: { type: 'string' },
            except: { type: 'string' },
            packages: { type: 'array', items: { type: 'string' } },
            typeOnly: { enum: ['allowed', 'checked'] },
            message: { type: 'string' },
          },
          required: ['from', 'message'],
          additionalProperties: false,
        },
      },
    ],
  },
  create(context) {
    const root = rootOf(context);
    const file = relativeFile(context);
    const zones = (context.options[0] ?? [])
      .map((zone) => ({ zone, match: new RegExp(zone.from).exec(file) }))
      .filter(({ match }) => match);
    if (zones.length === 0) return {};
    const fill = (pattern, match) =>
      new RegExp(pattern.replaceAll('$1', (match[1] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return importVisitors((node, specifier, typeOnly) => {
      const target = targetOf(specifier, context.filename ?? context.getFilename(), root);
      for (const { zone, match } of zones) {
        if (typeOnly && zone.typeOnly === 'allowed') continue;
        const refused =
          target === null
            ? (zone.packages ?? []).some((p) =>
                p.endsWith('*')
                  ? specifier.startsWith(p.slice(0, -1))
                  : specifier === p || specifier.startsWith(`${p}/`),
              )
            : zone.to !== undefined &&
              fill(zone.to, match).test(target) &&
              !(zone.except !== undefined && fill(zone.except, match).test(target));
        if (refused) context.report({ node, message: `${zone.message} ('${specifier}')` });
      }
    });
  },
};

/** No import cycle between the app's own files, type-only imports included. */
const noCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const root = rootOf(context);
    const file = relativeFile(context);
    const cycles = cyclesUnder(root);
    const mine = cycles.get(file);
    if (mine === undefined) return {};
    return importVisitors((node, specifier) => {
      const target = resolvedFile(specifier, context.filename ?? context.getFilename(), root);
      if (target && cycles.get(target) === mine)
        context.report({ node, message: `Import cycle: '${specifier}' leads back to this file.` });
    });
  },
};

export const storico = { rules: { boundaries, 'no-cycle': noCycle } };
