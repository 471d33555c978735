import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { BUILT_TEMPLATE_NAME, preparePgliteTemplate } from '../server/db/pglite-template';

const root = path.resolve(import.meta.dirname, '..');

/** What `npm run build` compiles: the server and the two tools an operator runs beside it, by output name. */
const ENTRY_POINTS = {
  main: 'server/app/main.ts',
  import: 'server/sync/import-cli.ts',
  'user-reset': 'server/users/reset-cli.ts',
};

const require = createRequire(import.meta.url);

/**
 * Node's loader, unlike tsx and bundlers, finds no file for `jsforce/lib/request`: in a package without an `exports`
 * map a deep import must name its file. The compiled import names the file that `require` finds.
 */
const deepImportsNamingTheirFile: Plugin = {
  name: 'storico:deep-imports-naming-their-file',
  setup(bundle) {
    bundle.onResolve({ filter: /^(@[^/]+\/)?[a-z0-9][^/:]*\/./ }, ({ path: specifier, resolveDir }) => {
      const [scope, name] = specifier.split('/');
      const packageName = specifier.startsWith('@') ? `${scope}/${name}` : scope!;
      const kept = { path: specifier, external: true };
      let manifest: string;
      try {
        manifest = require.resolve(`${packageName}/package.json`, { paths: [resolveDir] });
      } catch {
        return kept; // an `exports` map that leaves out package.json: Node's loader reads the map
      }
      const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown };
      if (exports || path.extname(specifier)) return kept;
      const file = require.resolve(specifier, { paths: [resolveDir] });
      return { path: `${packageName}/${path.relative(path.dirname(manifest), file)}`, external: true };
    });
  },
};

/**
 * Compiles the server to plain JavaScript in `outDir`: one module per entry point plus the chunks they share (the
 * server still loads most of itself only once it listens), every npm package left to node_modules, so the
 * production dependencies are exactly the packages these files import. The embedded database's thread is plain
 * JavaScript already and is copied beside the chunk that starts it; `template` adds the migrated data directory
 * new embedded databases start from.
 */
export async function bundleServer(outDir: string, { template }: { template: boolean }): Promise<Metafile> {
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [deepImportsNamingTheirFile],
  });
  copyFileSync(path.join(root, 'server/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
  if (template) await preparePgliteTemplate(path.join(outDir, BUILT_TEMPLATE_NAME));
  return result.metafile;
}

/** The npm packages the compiled files import (`jsforce` for `jsforce/lib/soap`, `@scope/name` kept whole). */
export function importedPackages(metafile: Metafile): Set<string> {
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  return packages;
}
