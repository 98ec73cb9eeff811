import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { DEPLOYMENT_REQUIRED, Env, EnvValidationError, validateEnv } from '../api/src/config/env';

// No Docker engine is needed: the file is held to the Compose Specification and to what the API
// validates at boot, the two ways a compose file breaks on a hospital's server.

const root = join(__dirname, '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

type Vars = Record<string, string | undefined>;

class InterpolationError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Index of the `}` closing a `${` whose body starts at `from`, minding nested `${…}`. */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '{') {
      depth++;
      i++;
    } else if (text[i] === '}' && --depth === 0) {
      return i;
    }
  }
  return -1;
}

function resolveBraced(body: string, vars: Vars, seen: Set<string>): string {
  const name = NAME.exec(body)?.[0];
  if (!name) {
    throw new InterpolationError(`invalid interpolation format: \${${body}}`);
  }
  seen.add(name);
  const rest = body.slice(name.length);
  const value = vars[name];
  const unset = value === undefined;
  const empty = unset || value === '';
  const op = /^:?[-?+]/.exec(rest)?.[0];
  if (op === undefined) {
    if (rest !== '') {
      throw new InterpolationError(`invalid interpolation format: \${${body}}`);
    }
    return value ?? '';
  }
  const arg = rest.slice(op.length);
  const missing = op.startsWith(':') ? empty : unset;
  switch (op.at(-1)) {
    case '-':
      return missing ? interpolate(arg, vars, seen) : (value as string);
    case '+':
      return missing ? '' : interpolate(arg, vars, seen);
    default:
      if (missing) {
        throw new InterpolationError(
          `required variable ${name} is missing a value: ${interpolate(arg, vars, seen)}`,
        );
      }
      return value as string;
  }
}

/**
 * Compose's interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error},
 * ${VAR?error}, ${VAR:+alt} and ${VAR+alt}. Every name looked up is added to `seen`.
 */
function interpolate(text: string, vars: Vars, seen = new Set<string>()): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const next = text[i + 1];
    if (text[i] !== '$') {
      out += text[i];
    } else if (next === '$') {
      out += '$';
      i++;
    } else if (next === '{') {
      const end = closingBrace(text, i + 2);
      if (end < 0) {
        throw new InterpolationError(`invalid interpolation format: ${text}`);
      }
      out += resolveBraced(text.slice(i + 2, end), vars, seen);
      i = end;
    } else {
      const name = NAME.exec(text.slice(i + 1))?.[0];
      if (name) {
        seen.add(name);
        out += vars[name] ?? '';
        i += name.length;
      } else {
        out += '$';
      }
    }
  }
  return out;
}

/** Interpolates every string value of a parsed compose file, as compose does before use. */
function interpolateAll(node: unknown, vars: Vars, seen = new Set<string>()): unknown {
  if (typeof node === 'string') {
    return interpolate(node, vars, seen);
  }
  if (Array.isArray(node)) {
    return node.map((item) => interpolateAll(item, vars, seen));
  }
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateAll(value, vars, seen)]),
    );
  }
  return node;
}

/** The KEY=value lines of a .env file, as compose reads them (quotes removed). */
function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) {
      continue;
    }
    const [, key, raw] = match;
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    vars[key] = quoted ? quoted[2] : raw.replace(/\s+#.*$/, '');
  }
  return vars;
}

interface Service {
  image?: string;
  build?: { context?: string; dockerfile?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test?: string | string[] };
  volumes?: (string | { type: string; source?: string; target: string })[];
  ports?: (string | number | { target: number | string; published?: string | number })[];
  command?: string | string[];
  entrypoint?: string | string[];
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** A service's environment as name → value, whichever of the two forms the file uses. */
function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

function withoutKey(vars: Vars, key: string): Vars {
  const copy = { ...vars };
  delete copy[key];
  return copy;
}

describe('docker-compose.yml', () => {
  const raw: unknown = parse(read('docker-compose.yml'));
  const dotenv = parseDotenv(read('.env.example'));
  const seen = new Set<string>();
  const compose = interpolateAll(raw, dotenv, seen) as ComposeFile;
  const services = compose.services;
  const apiEnv = environmentOf(services.api);

  let validateCompose: ValidateFunction;

  beforeAll(() => {
    const schema = JSON.parse(read('test/fixtures/compose-spec.json')) as { $schema: string };
    // The schema names draft-07 by its https address; Ajv knows draft-07 by the http one.
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const draft07 = JSON.parse(
      readFileSync(require.resolve('ajv/dist/refs/json-schema-draft-07.json'), 'utf8'),
    ) as Record<string, unknown>;
    ajv.addMetaSchema({ ...draft07, $id: schema.$schema });
    validateCompose = ajv.compile(schema);
  });

  describe('interpolation', () => {
    it('should resolve ${VAR}, $VAR, defaults, alternatives and $$ like compose', () => {
      const vars = { SET: 'value', EMPTY: '' };
      expect(interpolate('${SET}/$SET/$$SET', vars)).toBe('value/value/$SET');
      expect(interpolate('${EMPTY:-fallback}|${EMPTY-fallback}', vars)).toBe('fallback|');
      expect(interpolate('${UNSET:-a-${SET}}|${UNSET-b}', vars)).toBe('a-value|b');
      expect(interpolate('${SET:+alt}|${EMPTY:+alt}|${EMPTY+alt}', vars)).toBe('alt||alt');
      expect(() => interpolate('${SET', vars)).toThrow(InterpolationError);
    });

    it('should fail with the guard message when a ${VAR:?} variable is missing or empty', () => {
      expect(() => interpolate('${SECRET:?Set SECRET in .env}', {})).toThrow(
        'required variable SECRET is missing a value: Set SECRET in .env',
      );
      expect(() => interpolate('${SECRET:?Set SECRET in .env}', { SECRET: '' })).toThrow(
        'required variable SECRET is missing a value: Set SECRET in .env',
      );
      expect(interpolate('${SECRET:?Set SECRET in .env}', { SECRET: 's3cret' })).toBe('s3cret');
    });

    it.each(['POSTGRES_PASSWORD', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'])(
      'should refuse to start when the secret %s is missing from .env',
      (secret) => {
        expect(() => interpolateAll(raw, withoutKey(dotenv, secret))).toThrow(
          new RegExp(`^required variable ${secret} is missing a value: Set ${secret} in \\.env`),
        );
      },
    );

    it('should read only variables that .env.example documents, and document only those', () => {
      expect([...seen].sort()).toEqual(Object.keys(dotenv).sort());
    });
  });

  describe('Compose Specification', () => {
    it('should validate against the official schema', () => {
      const valid = validateCompose(compose);
      expect(validateCompose.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    });

    it('should have a schema that rejects what compose rejects', () => {
      const broken = structuredClone(compose);
      (broken.services.api as Record<string, unknown>).restart_policy = 'always';
      expect(validateCompose(broken)).toBe(false);
    });
  });

  describe('services', () => {
    it('should define postgres, minio, minio-init, mailpit, api and web', () => {
      expect(Object.keys(services).sort()).toEqual(
        ['api', 'mailpit', 'minio', 'minio-init', 'postgres', 'web'].sort(),
      );
      expect(services.postgres.image).toBe('postgres:18');
      expect(services.api.build).toEqual({ context: '.', dockerfile: 'Dockerfile.api' });
      expect(services.web.build).toEqual({ context: '.', dockerfile: 'Dockerfile.web' });
    });

    it('should check postgres with pg_isready and keep its data in a named volume', () => {
      const test = services.postgres.healthcheck?.test;
      expect([test].flat().join(' ')).toMatch(/\bpg_isready\b/);

      const mounts = (services.postgres.volumes ?? []).map((v) =>
        typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v,
      );
      // Postgres 18 images keep data below /var/lib/postgresql; a mount at .../data is not used.
      const data = mounts.find((m) => m.target === '/var/lib/postgresql');
      expect(data?.source).toBeDefined();
      expect(Object.keys(compose.volumes ?? {})).toContain(data?.source);
    });

    it('should start the api only after postgres is healthy and the bucket exists', () => {
      expect(services.api.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        'minio-init': { condition: 'service_completed_successfully' },
      });
      expect(services['minio-init'].depends_on).toMatchObject({
        minio: { condition: 'service_healthy' },
      });
      const init = [services['minio-init'].command].flat().join(' ');
      expect(init).toContain('mc mb --ignore-existing');
      expect(init).toContain('$S3_BUCKET');
      expect(environmentOf(services['minio-init']).S3_BUCKET).toBe(apiEnv.S3_BUCKET);
    });

    it('should start web only once the api is healthy, which the api image must report', () => {
      expect(services.web.depends_on).toMatchObject({ api: { condition: 'service_healthy' } });
      expect(read('Dockerfile.api')).toMatch(/^HEALTHCHECK [^\n]*(?:\\\n[^\n]*)*\/api\/health/m);
    });

    it('should publish the web app on container port 8080 and keep the api unpublished', () => {
      const ports = (services.web.ports ?? []).map((p) =>
        typeof p === 'object' ? `${p.published}:${p.target}` : String(p),
      );
      expect(ports).toContain(`${dotenv.WEB_PORT}:8080`);
      expect(services.api.ports).toBeUndefined();
    });
  });

  describe('api environment', () => {
    it('should give every variable a deployment requires', () => {
      const missing = DEPLOYMENT_REQUIRED.filter((name) => !apiEnv[name]);
      expect(missing).toEqual([]);
      expect(apiEnv.NODE_ENV).toBe('production');
      expect(apiEnv.STORAGE_DRIVER).toBe('s3');
    });

    it('should set only variables the API reads, so a misspelt name cannot pass unnoticed', () => {
      const known = Object.keys(new Env());
      expect(Object.keys(apiEnv).filter((name) => !known.includes(name))).toEqual([]);
    });

    it('should point the api at the postgres, minio and mailpit services of this file', () => {
      const postgres = environmentOf(services.postgres);
      const db = new URL(apiEnv.DATABASE_URL);
      expect(db.hostname).toBe('postgres');
      expect(decodeURIComponent(db.username)).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(db.password)).toBe(postgres.POSTGRES_PASSWORD);
      expect(db.pathname).toBe(`/${postgres.POSTGRES_DB}`);

      const minio = environmentOf(services.minio);
      expect(new URL(apiEnv.S3_ENDPOINT).hostname).toBe('minio');
      expect(apiEnv.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
      expect(apiEnv.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
      expect(new URL(apiEnv.SMTP_URL).hostname).toBe('mailpit');
    });

    it('should pass the API environment validation', () => {
      const env = validateEnv(apiEnv);
      expect(env.NODE_ENV).toBe('production');
      expect(env.STORAGE_DRIVER).toBe('s3');
      expect(env.DATABASE_URL).toBe(apiEnv.DATABASE_URL);
      expect(env.WEB_DIST_DIR).toBe('');
      expect(env.TRIALS_IMPORT_DIR).toBe('');
    });

    it('should be refused by the API environment validation without DATABASE_URL', () => {
      const withoutDatabase = { ...withoutKey(apiEnv, 'DATABASE_URL'), NODE_ENV: 'production' };
      expect(() => validateEnv(withoutDatabase)).toThrow(EnvValidationError);
      expect(() => validateEnv(withoutDatabase)).toThrow(/DATABASE_URL/);
    });
  });
});
