import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const SCRIPT = resolve(__dirname, '..', 'scripts', 'check-self-contained.mjs');

/** Runs the lint step's guard over a repository root; answers its exit code and output. */
function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('check-self-contained', () => {
  let root: string;

  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'trialflow-guard-'));
    // Paths that stay inside the repository.
    write('test/utils/data.ts', "export const D = resolve(__dirname, '..', '..', 'data');\n");
    write('bench/run.mjs', "const root = resolve(import.meta.dirname, '..');\n");
    write('api/src/a.ts', "import { b } from './b';\nimport { c } from '../../c';\n");
    // Never read: shipped data and fixtures may name anything.
    write('test/fixtures/notes.json', '{ "from": "../shared/data/ctgov" }');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should pass a repository whose code stays inside it', () => {
    const { status, output } = check(root);
    expect(output).toContain('Self-contained');
    expect(status).toBe(0);
  });

  it.each([
    [
      'test/x.e2e-spec.ts',
      "const C = resolve(__dirname, '..', '..', 'shared', 'data');\n",
      "'shared', 'data'",
    ],
    ['bench/x.mjs', "const d = '../shared/data/ctgov';\n", '../shared'],
    [
      'api/src/x.ts',
      "const g = join(repoRoot(), '..', 'genes.txt');\n",
      'above the repository root',
    ],
    [
      'test/smoke/x.mjs',
      "const d = resolve(import.meta.dirname, '../../..');\n",
      'above the repository root',
    ],
    ['api/src/y.ts', "import { z } from '../../../outside/z';\n", 'outside the repository'],
    ['package.json', '{ "scripts": { "x": "cp ../shared/data/genes.txt ." } }', '../shared'],
  ])('should fail on %s reaching outside the repository', (path, text, why) => {
    write(path, text);
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain(`${path}:1`);
    expect(output).toContain(why);
  });
});
