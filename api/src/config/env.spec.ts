import { EnvValidationError, validateEnv } from './env';

function problemsOf(raw: Record<string, string>): string[] {
  try {
    validateEnv(raw);
  } catch (error) {
    if (error instanceof EnvValidationError) {
      return error.problems;
    }
    throw error;
  }
  return [];
}

describe('validateEnv', () => {
  it('should give working defaults for the embedded setup', () => {
    const env = validateEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('.data');
    expect(env.IDENTITY_PROVIDER).toBe('local');
    expect(env.STORAGE_DRIVER).toBe('local');
    expect(env.RUN_MIGRATIONS).toBe(true);
  });

  it('should convert numbers and booleans from strings', () => {
    const env = validateEnv({ PORT: '8081', RUN_MIGRATIONS: 'false', FEATURE_FILE_UPLOAD: '0' });
    expect(env.PORT).toBe(8081);
    expect(env.RUN_MIGRATIONS).toBe(false);
    expect(env.FEATURE_FILE_UPLOAD).toBe(false);
  });

  it('should name a bad port', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('PORT');
  });

  it('should name a malformed DATABASE_URL and LOG_LEVEL together', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(problems.join('\n')).toContain('DATABASE_URL');
    expect(problems.join('\n')).toContain('LOG_LEVEL');
  });

  it('should require the Cognito pool and client only in cognito mode', () => {
    const problems = problemsOf({ IDENTITY_PROVIDER: 'cognito' }).join('\n');
    expect(problems).toContain('COGNITO_USER_POOL_ID');
    expect(problems).toContain('COGNITO_CLIENT_ID');
    expect(
      problemsOf({
        IDENTITY_PROVIDER: 'cognito',
        COGNITO_USER_POOL_ID: 'eu-central-1_AbC123',
        COGNITO_CLIENT_ID: 'abc',
      }),
    ).toEqual([]);
  });

  it('should reject a user pool id longer than 55 characters', () => {
    const problems = problemsOf({
      IDENTITY_PROVIDER: 'cognito',
      COGNITO_USER_POOL_ID: `eu-central-1_${'a'.repeat(50)}`,
      COGNITO_CLIENT_ID: 'abc',
    });
    expect(problems.join('\n')).toContain('COGNITO_USER_POOL_ID');
  });

  it('should require the S3 settings when STORAGE_DRIVER=s3', () => {
    const problems = problemsOf({ STORAGE_DRIVER: 's3' }).join('\n');
    expect(problems).toContain('S3_ENDPOINT');
    expect(problems).toContain('S3_BUCKET');
    expect(problems).toContain('S3_ACCESS_KEY_ID');
    expect(problems).toContain('S3_SECRET_ACCESS_KEY');
  });

  it('should require the reCAPTCHA secret once a site key is set', () => {
    expect(problemsOf({ RECAPTCHA_SITE_KEY: 'k' }).join('\n')).toContain('RECAPTCHA_SECRET_KEY');
  });

  it('should refuse the embedded database, a missing mail server and no secret in production', () => {
    const noSecret = 'APP_SECRET must be set when NODE_ENV=production (32 or more characters)';
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'DATABASE_URL must be set when NODE_ENV=production',
      'SMTP_URL must be set when NODE_ENV=production',
      noSecret,
    ]);
    expect(
      problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/trialflow' }),
    ).toEqual(['SMTP_URL must be set when NODE_ENV=production', noSecret]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u:p@db:5432/trialflow',
        SMTP_URL: 'smtp://mail:25',
      }),
    ).toEqual([noSecret]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u:p@db:5432/trialflow',
        SMTP_URL: 'smtp://mail:25',
        APP_SECRET: 'x'.repeat(32),
      }),
    ).toEqual([]);
  });

  it('should refuse an APP_SECRET shorter than 32 characters', () => {
    expect(problemsOf({ APP_SECRET: 'short' })).toEqual([
      'APP_SECRET must be at least 32 characters long',
    ]);
  });

  it('should treat an empty optional variable as unset', () => {
    expect(validateEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('should read the hospital-selection countries as upper-case codes, empty by default', () => {
    expect(validateEnv({}).HOSPITAL_SELECTION_COUNTRIES).toEqual([]);
    expect(validateEnv({ HOSPITAL_SELECTION_COUNTRIES: '' }).HOSPITAL_SELECTION_COUNTRIES).toEqual(
      [],
    );
    expect(
      validateEnv({ HOSPITAL_SELECTION_COUNTRIES: ' de, AT,,hr ' }).HOSPITAL_SELECTION_COUNTRIES,
    ).toEqual(['DE', 'AT', 'HR']);
  });

  it('should name a hospital-selection entry that is not a country code', () => {
    for (const value of ['DE,Germany', 'EU', 'DE;AT']) {
      expect(problemsOf({ HOSPITAL_SELECTION_COUNTRIES: value })).toEqual([
        'HOSPITAL_SELECTION_COUNTRIES must be comma-separated ISO 3166-1 alpha-2 codes, e.g. DE,AT',
      ]);
    }
  });

  it('should take a header name for the visitor country, or none', () => {
    expect(validateEnv({}).VISITOR_COUNTRY_HEADER).toBeUndefined();
    expect(validateEnv({ VISITOR_COUNTRY_HEADER: ' ' }).VISITOR_COUNTRY_HEADER).toBeUndefined();
    expect(validateEnv({ VISITOR_COUNTRY_HEADER: 'CF-IPCountry' }).VISITOR_COUNTRY_HEADER).toBe(
      'CF-IPCountry',
    );
    expect(problemsOf({ VISITOR_COUNTRY_HEADER: 'CF IPCountry' })).toEqual([
      'VISITOR_COUNTRY_HEADER must be an HTTP header name, e.g. CF-IPCountry',
    ]);
  });

  it('should load every place by default and only the large cities under NODE_ENV=test', () => {
    expect(validateEnv({}).PLACES_MIN_POPULATION).toBe(0);
    expect(validateEnv({ NODE_ENV: 'test' }).PLACES_MIN_POPULATION).toBe(100_000);
    expect(
      validateEnv({ NODE_ENV: 'test', PLACES_MIN_POPULATION: '0' }).PLACES_MIN_POPULATION,
    ).toBe(0);
    expect(validateEnv({ PLACES_MIN_POPULATION: '15000' }).PLACES_MIN_POPULATION).toBe(15_000);
    expect(problemsOf({ PLACES_MIN_POPULATION: '-1' }).join('\n')).toContain(
      'PLACES_MIN_POPULATION',
    );
  });

  it('should import the shipped trials at start by default, nothing under NODE_ENV=test', () => {
    expect(validateEnv({}).TRIALS_IMPORT_DIR).toBe('data');
    expect(validateEnv({ NODE_ENV: 'test' }).TRIALS_IMPORT_DIR).toBe('');
    expect(validateEnv({ TRIALS_IMPORT_DIR: '' }).TRIALS_IMPORT_DIR).toBe('');
    expect(validateEnv({ TRIALS_IMPORT_DIR: '/srv/ctgov' }).TRIALS_IMPORT_DIR).toBe('/srv/ctgov');
    expect(
      validateEnv({ NODE_ENV: 'test', TRIALS_IMPORT_DIR: 'data/ctgov' }).TRIALS_IMPORT_DIR,
    ).toBe('data/ctgov');
  });
});
