import { availableParallelism } from 'node:os';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
  ValidationError,
} from 'class-validator';
import { COUNTRY_CODES } from '../common/country-codes';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const IDENTITY_PROVIDERS = ['local', 'cognito'] as const;
export const STORAGE_DRIVERS = ['local', 's3'] as const;

export type IdentityProviderKind = (typeof IDENTITY_PROVIDERS)[number];
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') {
    return value;
  }
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) {
    return true;
  }
  if (['false', '0', 'no', 'off'].includes(v)) {
    return false;
  }
  return value;
};

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;

const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** "de, AT" → ['DE', 'AT']; empty → []. */
const toUpperList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim().toUpperCase())
        .filter(Boolean)
    : value;

/** An HTTP header name (an RFC 9110 token). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/**
 * With NODE_ENV=test and no PLACES_MIN_POPULATION, the places loader stores only the cities of
 * at least this many inhabitants (~4,300, 0.2 s): every end-to-end test app loads the gazetteer
 * into its own database, and the whole of it (~130,000 cities) takes 2–5 s of a shared CPU.
 */
export const TEST_PLACES_MIN_POPULATION = 100_000;

/** The ClinicalTrials.gov records shipped in the repository (data/ctgov, data/ctgov-extra). */
export const SHIPPED_TRIALS_DIR = 'data';

/**
 * Every environment variable the API reads. Validated once at boot: a missing or bad value
 * stops the process with a message naming the variable. Each one is listed in the README.
 */
export class Env {
  @IsIn(NODE_ENVS)
  NODE_ENV: (typeof NODE_ENVS)[number] = 'development';

  @Transform(toInt)
  @Min(1)
  @Max(65535)
  @IsInt()
  PORT = 3000;

  @IsString()
  @IsNotEmpty()
  HOST = '0.0.0.0';

  /** The address users reach the product at; used in e-mails and links. */
  @IsUrl({
    require_tld: false,
    require_protocol: true,
    protocols: ['http', 'https'],
  })
  PUBLIC_URL = 'http://localhost:3000';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /** Postgres connection string. Without it the API runs an embedded Postgres in DATA_DIR. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, {
    message: 'DATABASE_URL must be a postgres:// connection URL',
  })
  DATABASE_URL?: string;

  @Transform(toBoolean)
  @IsBoolean()
  DATABASE_SSL = false;

  /** Where the embedded Postgres and local files live. */
  @IsString()
  @IsNotEmpty()
  DATA_DIR = '.data';

  @Transform(toInt)
  @Min(1)
  @Max(65535)
  @IsInt()
  EMBEDDED_PG_PORT = 5433;

  /**
   * The server secret that keys the HMAC of one-time codes and refresh tokens; never stored in
   * the database. Required with NODE_ENV=production; otherwise DATA_DIR/secret is generated on
   * the first start (mode 0600) and reused.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'APP_SECRET must be at least 32 characters long' })
  APP_SECRET?: string = undefined;

  @Transform(toBoolean)
  @IsBoolean()
  RUN_MIGRATIONS = true;

  /** Built web app served on /; empty disables serving it (compose serves it with nginx). */
  @IsString()
  WEB_DIST_DIR = 'web/dist';

  @IsIn(IDENTITY_PROVIDERS)
  IDENTITY_PROVIDER: IdentityProviderKind = 'local';

  @IsString()
  @Matches(/^[a-z]{2}(-[a-z]+)+-\d$/, {
    message: 'COGNITO_REGION must look like eu-central-1',
  })
  COGNITO_REGION = 'eu-central-1';

  @ValidateIf((e: Env) => e.IDENTITY_PROVIDER === 'cognito')
  @IsString()
  @MaxLength(55)
  @Matches(/^[\w-]+_[0-9a-zA-Z]+$/, {
    message:
      'COGNITO_USER_POOL_ID must look like eu-central-1_AbC123 (needed when IDENTITY_PROVIDER=cognito)',
  })
  COGNITO_USER_POOL_ID?: string;

  @ValidateIf((e: Env) => e.IDENTITY_PROVIDER === 'cognito')
  @IsString()
  @IsNotEmpty({
    message: 'COGNITO_CLIENT_ID is needed when IDENTITY_PROVIDER=cognito',
  })
  COGNITO_CLIENT_ID?: string;

  /** reCAPTCHA replaces ALTCHA when both keys are set. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  RECAPTCHA_SITE_KEY?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((e: Env) => e.RECAPTCHA_SITE_KEY !== undefined)
  @IsString()
  @IsNotEmpty({
    message: 'RECAPTCHA_SECRET_KEY is needed when RECAPTCHA_SITE_KEY is set',
  })
  RECAPTCHA_SECRET_KEY?: string;

  /** Where reCAPTCHA answers are verified (a local stub in tests). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

  /** ALTCHA proof of work: PBKDF2 iterations per attempt and the largest counter to find. */
  @Transform(toInt)
  @Min(1)
  @Max(1_000_000)
  @IsInt()
  ALTCHA_COST = 1000;

  @Transform(toInt)
  @Min(2)
  @Max(10_000_000)
  @IsInt()
  ALTCHA_MAX_COUNTER = 4000;

  /** A Cognito-compatible endpoint instead of AWS (e.g. cognito-local in tests). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  COGNITO_ENDPOINT?: string;

  @Transform(toBoolean)
  @IsBoolean()
  FEATURE_FILE_UPLOAD = true;

  @IsIn(STORAGE_DRIVERS)
  STORAGE_DRIVER: StorageDriver = 'local';

  @Transform(emptyToUndefined)
  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3' || e.S3_ENDPOINT !== undefined)
  @IsUrl({
    require_tld: false,
    require_protocol: true,
    protocols: ['http', 'https'],
  })
  S3_ENDPOINT?: string;

  @IsString()
  @IsNotEmpty()
  S3_REGION = 'eu-central-1';

  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @IsString()
  @IsNotEmpty({ message: 'S3_BUCKET is needed when STORAGE_DRIVER=s3' })
  S3_BUCKET?: string;

  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @IsString()
  @IsNotEmpty({ message: 'S3_ACCESS_KEY_ID is needed when STORAGE_DRIVER=s3' })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf((e: Env) => e.STORAGE_DRIVER === 's3')
  @IsString()
  @IsNotEmpty({
    message: 'S3_SECRET_ACCESS_KEY is needed when STORAGE_DRIVER=s3',
  })
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(toBoolean)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = true;

  /**
   * Largest total size of the files of one upload, in bytes (spec 01 §9 labels it 100 MB). The
   * web app reads the same figure from /api/config.
   */
  @Transform(toInt)
  @Min(1)
  @Max(10_000_000_000)
  @IsInt()
  FILES_MAX_UPLOAD_BYTES = 100_000_000;

  /**
   * Which proxies in front of the API are believed about the caller's address
   * (X-Forwarded-For), as express' `trust proxy`: `false` (none), `true` (all), a hop count or
   * a comma-separated list of addresses, subnets and the names loopback/linklocal/uniquelocal.
   * Rate limits, the sign-in lock and the audit log use the address it yields.
   */
  @IsString()
  @Matches(/^[\w.:/, -]*$/, {
    message: 'TRUST_PROXY must be false, true, a hop count or a list of addresses and subnets',
  })
  TRUST_PROXY = 'loopback, linklocal, uniquelocal';

  /** The window, in seconds, each RATE_LIMIT_* counts requests over. */
  @Transform(toInt)
  @Min(1)
  @Max(86_400)
  @IsInt()
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Requests per window from one address to any route (health excepted). */
  @Transform(toInt)
  @Min(1)
  @IsInt()
  RATE_LIMIT_PER_ADDRESS = 600;

  /** Requests per window from one address to the identity and login routes together. */
  @Transform(toInt)
  @Min(1)
  @IsInt()
  RATE_LIMIT_IDENTITY_PER_ADDRESS = 30;

  /** Requests per window naming one account (the e-mail in the body) on those routes. */
  @Transform(toInt)
  @Min(1)
  @IsInt()
  RATE_LIMIT_IDENTITY_PER_ACCOUNT = 10;

  /** Trial searches per window from one address. */
  @Transform(toInt)
  @Min(1)
  @IsInt()
  RATE_LIMIT_SEARCH_PER_ADDRESS = 120;

  /** File uploads per window from one address. */
  @Transform(toInt)
  @Min(1)
  @IsInt()
  RATE_LIMIT_UPLOAD_PER_ADDRESS = 30;

  /** Wrong passwords for one account from one address before that pair is locked. */
  @Transform(toInt)
  @Min(1)
  @Max(1000)
  @IsInt()
  SIGN_IN_LOCK_ATTEMPTS = 5;

  /**
   * Wrong passwords for one account from all addresses together before the account itself is
   * locked: much higher, so that a guesser cannot lock the owner out from the owner's address.
   */
  @Transform(toInt)
  @Min(1)
  @Max(100_000)
  @IsInt()
  SIGN_IN_GLOBAL_LOCK_ATTEMPTS = 100;

  /** How long a sign-in lock (per address or global) lasts, in minutes. */
  @Transform(toInt)
  @Min(1)
  @Max(1440)
  @IsInt()
  SIGN_IN_LOCK_MINUTES = 15;

  /** smtp://user:pass@host:port; without it mails go to the log and the outbox table. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, {
    message: 'SMTP_URL must be an smtp:// or smtps:// URL',
  })
  SMTP_URL?: string;

  @IsString()
  @IsNotEmpty()
  MAIL_FROM = 'Trialflow <no-reply@trialflow.local>';

  /** Shown to users on the contact page and in error messages. */
  @IsEmail()
  SUPPORT_EMAIL = 'support@trialflow.local';

  /**
   * ClinicalTrials.gov v2 JSON (a file or folder, relative to the repository root) imported at
   * start when the trial table is empty: by default the records shipped in data/; empty turns
   * the start-up import off (the default with NODE_ENV=test).
   */
  @IsString()
  TRIALS_IMPORT_DIR = SHIPPED_TRIALS_DIR;

  /**
   * Per-trial corrections of the extracted eligibility rules, applied on import (format in
   * api/src/eligibility/README.md). A missing or invalid file stops the import naming the problem.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  TRIALS_CURATION_FILE?: string = undefined;

  /** How often (seconds) the search index checks for imports made by other processes. */
  @Transform(toInt)
  @Min(1)
  @Max(3600)
  @IsInt()
  SEARCH_INDEX_REFRESH_SECONDS = 30;

  /**
   * Worker threads that run searches beside the HTTP thread (0: searches run in it). Default:
   * one per CPU core.
   */
  @Transform(toInt)
  @Min(0)
  @Max(64)
  @IsInt()
  SEARCH_WORKERS = availableParallelism();

  /** The daily ClinicalTrials.gov sync inside the API (npm run trials:sync works regardless). */
  @Transform(toBoolean)
  @IsBoolean()
  CTGOV_SYNC = false;

  /** ClinicalTrials.gov API v2 base URL (a local server in tests). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  CTGOV_API_URL = 'https://clinicaltrials.gov/api/v2';

  /** At most this many requests to ClinicalTrials.gov a minute, retries included. */
  @Transform(toInt)
  @Min(1)
  @Max(600)
  @IsInt()
  CTGOV_REQUESTS_PER_MINUTE = 50;

  /** The hour (UTC) of the daily sync when CTGOV_SYNC=true. */
  @Transform(toInt)
  @Min(0)
  @Max(23)
  @IsInt()
  CTGOV_SYNC_HOUR = 3;

  /**
   * The request header holding the visitor's country code set by the proxy in front of the API
   * (e.g. CF-IPCountry); unset: every visitor's country is HR (spec 02 §9).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(HEADER_NAME, {
    message: 'VISITOR_COUNTRY_HEADER must be an HTTP header name, e.g. CF-IPCountry',
  })
  VISITOR_COUNTRY_HEADER?: string = undefined;

  /**
   * Country codes whose addresses offer the hospital-selection modal (spec 01: a list that is
   * always empty unless a site configures it).
   */
  @Transform(toUpperList)
  @IsIn([...COUNTRY_CODES], {
    each: true,
    message:
      'HOSPITAL_SELECTION_COUNTRIES must be comma-separated ISO 3166-1 alpha-2 codes, e.g. DE,AT',
  })
  @IsArray()
  HOSPITAL_SELECTION_COUNTRIES: string[] = [];

  /**
   * The places loader stores the gazetteer's cities of at least this many inhabitants (it lists
   * those of 1,000 and more). Default 0: all of them.
   */
  @Transform(toInt)
  @Min(0)
  @Max(100_000_000)
  @IsInt()
  PLACES_MIN_POPULATION = 0;
}

/**
 * What a deployment with compose must give the API: a real database, S3 storage and SMTP.
 * test/compose.e2e-spec.ts holds docker-compose.yml to this list.
 */
export const DEPLOYMENT_REQUIRED: readonly (keyof Env)[] = [
  'NODE_ENV',
  'DATABASE_URL',
  'PUBLIC_URL',
  'STORAGE_DRIVER',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'APP_SECRET',
];

export class EnvValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvValidationError';
  }
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((e) =>
    Object.values(e.constraints ?? {}).map((msg) =>
      msg.startsWith(e.property) ? msg : `${e.property}: ${msg}`,
    ),
  );
}

/** Validates raw variables (process.env or a compose file's environment) into an Env. */
export function validateEnv(raw: Record<string, string | undefined>): Env {
  const known = Object.keys(new Env());
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (
      value !== undefined &&
      (known.includes(key) || key.startsWith('COGNITO_') || key.startsWith('S3_'))
    ) {
      input[key] = value;
    }
  }
  if (
    input.NODE_ENV === 'test' &&
    (input.PLACES_MIN_POPULATION === undefined ||
      (typeof input.PLACES_MIN_POPULATION === 'string' &&
        input.PLACES_MIN_POPULATION.trim() === ''))
  ) {
    input.PLACES_MIN_POPULATION = String(TEST_PLACES_MIN_POPULATION);
  }
  // Test apps start with an empty trial store unless a test names what to import.
  if (input.NODE_ENV === 'test' && input.TRIALS_IMPORT_DIR === undefined) {
    input.TRIALS_IMPORT_DIR = '';
  }
  const env = plainToInstance(Env, input, { exposeDefaultValues: true });
  const errors = validateSync(env, { stopAtFirstError: true });
  if (errors.length > 0) {
    throw new EnvValidationError(describe(errors));
  }
  const production: string[] = [];
  if (env.NODE_ENV === 'production' && env.DATABASE_URL === undefined) {
    // The embedded Postgres is for a developer's machine, never for a deployment.
    production.push('DATABASE_URL must be set when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production' && env.SMTP_URL === undefined) {
    // Without a mail server, one-time codes would go to the log and sit in the outbox.
    production.push('SMTP_URL must be set when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production' && env.APP_SECRET === undefined) {
    // A generated file secret is lost with the container: codes and sessions would end.
    production.push('APP_SECRET must be set when NODE_ENV=production (32 or more characters)');
  }
  if (production.length > 0) {
    throw new EnvValidationError(production);
  }
  return env;
}
