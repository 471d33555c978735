import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { BUILT_TEMPLATE_NAME, preparePgliteTemplate } from '../server/db/pglite-template';

const root = path.resolve(import.meta.dirname, '..');

/** What `npm run build` compiles: the server and the two tools an operator runs beside it, by output name. */
const ENTRY_POINTS = {
  main: 'server/app/main.ts',
  import: 'server/sync/import-cli.ts',
  'user-reset': 'server/users/reset-cli.ts',
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
