import fs from 'node:fs';
import path from 'node:path';

/** The import aliases of tsconfig.json and vite.config.ts. */
const ALIASES = [
  ['@/', 'src/'],
  ['@contract/', 'contract/'],
];
const EXTENSIONS = ['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];
const SOURCE_DIRS = ['src', 'contract', 'server', 'sw', 'sandbox-crm'];
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Where an import specifier points, as a path relative to the repository root (forward slashes), or null for a
 * package. Relative imports and the `@/` / `@contract/` aliases resolve alike, so a rule cannot be dodged by
 * writing `../../features/x` instead of `@/features/x`.
 */
export function targetOf(specifier, fromFile, root) {
  let absolute;
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) absolute = path.join(root, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  return path.relative(root, absolute).split(path.sep).join('/');
}

/** The file a target names, trying the extensions the bundler tries. */
function fileOf(target, root) {
  for (const candidate of [target, ...EXTENSIONS.map((ext) => target + ext)]) {
    const full = path.join(root, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return null;
}

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return files;
}

/** Every import edge between the app's own files, type-only imports included (they tie owners together too). */
function buildGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const edges = new Set();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = targetOf(match[1] ?? match[2], path.join(root, file), root);
      const resolved = target && fileOf(target, root);
      if (resolved) edges.add(resolved);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Tarjan's strongly connected components: each file mapped to the id of its cycle, for files in a cycle. */
function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    const selfLoop = graph.get(node)?.has(node);
    if (members.length > 1 || selfLoop) for (const m of members) component.set(m, node);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return component;
}

const cache = new Map();

/** The cycles of the tree under `root`, computed once per lint run. */
export function cyclesUnder(root) {
  if (!cache.has(root)) cache.set(root, cyclesOf(buildGraph(root)));
  return cache.get(root);
}

export function resolvedFile(specifier, fromFile, root) {
  const target = targetOf(specifier, fromFile, root);
  return target && fileOf(target, root);
}
