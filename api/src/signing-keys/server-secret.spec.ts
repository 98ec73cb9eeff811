import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServerSecret, ServerSecret } from './server-secret';

describe(loadServerSecret.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'server-secret-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('should answer APP_SECRET when it is set, and write no file', () => {
    expect(loadServerSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
    expect(() => statSync(join(dir, 'secret'))).toThrow();
  });

  it('should generate DATA_DIR/secret readable by its owner only, then reuse it', () => {
    const nested = join(dir, 'data');
    const first = loadServerSecret(undefined, nested);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(statSync(join(nested, 'secret')).mode & 0o777).toBe(0o600);
    expect(loadServerSecret(undefined, nested)).toBe(first);
    // Nothing else is left behind (the temporary file is linked, then removed).
    expect(readFileSync(join(nested, 'secret'), 'utf8').trim()).toBe(first);
  });

  it('should keep a secret an operator put in the file', () => {
    writeFileSync(join(dir, 'secret'), 'operator-chosen-secret-of-enough-length\n', {
      mode: 0o644,
    });
    expect(loadServerSecret(undefined, dir)).toBe('operator-chosen-secret-of-enough-length');
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o644);
  });
});

describe(ServerSecret.name, () => {
  it('should give different hashes for different secrets and purposes', () => {
    const a = new ServerSecret('a'.repeat(32));
    const b = new ServerSecret('b'.repeat(32));
    expect(a.hmac('code', '123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hmac('code', '123456')).toBe(a.hmac('code', '123456'));
    expect(a.hmac('code', '123456')).not.toBe(b.hmac('code', '123456'));
    expect(a.hmac('code', '123456')).not.toBe(a.hmac('refresh', '123456'));
  });
});
