import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { bundleServer } from '../../scripts/server-bundle';

const root = path.resolve(import.meta.dirname, '../..');

export type ProductionInstall = {
  dir: string;
  /** What esbuild compiled, to read the packages the compiled server imports. */
  metafile: Metafile;
  /** The `dependencies` of package.json: all that node_modules holds. */
  dependencies: string[];
};

/**
 * Storico as `npm run build` then `npm ci --omit=dev` leave it, in a new directory: package.json, the start script,
 * the compiled server, and a node_modules holding the production dependencies only (links to this checkout's, whose
 * own dependencies they find there). A compiled import of any other package fails as it would in production.
 */
export async function productionInstall(): Promise<ProductionInstall> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storico-production-'));
  const metafile = await bundleServer(path.join(dir, 'dist-server'), { template: false });
  copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync(path.join(root, 'scripts/start-prod.mjs'), path.join(dir, 'scripts/start-prod.mjs'));
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const dependencies = Object.keys(manifest.dependencies);
  for (const name of dependencies) {
    const link = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', name), link, 'dir');
  }
  return { dir, metafile, dependencies };
}
