import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root (the package.json with workspaces), from src or from api/dist alike. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && 'workspaces' in (JSON.parse(readFileSync(pkg, 'utf8')) as object)) {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      return process.cwd();
    }
    dir = parent;
  }
}
