import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The directory of Storico's package.json, found upwards from this module: the same whether the server runs from its
 * sources (server/config/) or compiled by `npm run build` (dist-server/), which keep their files at other depths.
 */
export function appRoot(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no package.json above ${import.meta.dirname}`);
  }
}
