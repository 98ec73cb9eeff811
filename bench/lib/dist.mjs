// The compiled API the bench runs, as a private snapshot of api/dist: other people rebuilding
// api/dist during a long run (the build deletes it first) cannot pull it away from under the
// bench. The snapshot resolves packages exactly like api/dist does, through symlinks to the
// repository's node_modules folders.
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export class DistSnapshot {
  /** @param {string} root the repository root */
  constructor(root) {
    // BENCH_DIST: another compiled copy (e.g. tsc --outDir .perf-dist) instead of api/dist.
    const source = process.env.BENCH_DIST
      ? resolve(process.env.BENCH_DIST)
      : join(root, 'api', 'dist');
    if (!existsSync(join(source, 'api', 'src', 'main.js'))) {
      throw new Error(`${source} has no compiled API; run npm run build -w api first.`);
    }
    this.dir = mkdtempSync(join(tmpdir(), 'trialflow-bench-'));
    cpSync(source, join(this.dir, 'api', 'dist'), { recursive: true });
    symlinkSync(join(root, 'api', 'node_modules'), join(this.dir, 'api', 'node_modules'));
    symlinkSync(join(root, 'node_modules'), join(this.dir, 'node_modules'));
    this.src = join(this.dir, 'api', 'dist', 'api', 'src');
    this.require = createRequire(join(this.src, 'main.js'));
  }

  /** A compiled module by its path under api/src, e.g. 'trials/trials.repository'. */
  load(path) {
    return this.require(join(this.src, path));
  }

  path(path) {
    return join(this.src, path);
  }

  has(path) {
    return existsSync(join(this.src, path));
  }

  remove() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
