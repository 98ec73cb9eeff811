import request from 'supertest';
import { GlobalAuthGuard } from '../api/src/auth/auth.guard';
import { createTestApp, TestApp } from './utils/test-app';

/**
 * Every operation anyone may call without a token. A new route is protected by default in this
 * test: it fails until the route is either given @Auth()/@IdentityAuth() or added here.
 */
const PUBLIC_OPERATIONS = [
  'getCaptchaChallenge',
  'getConfig',
  'getFacilityGroup',
  'getFacilityGroupFile',
  'getHealth',
  'getIdentityJwks',
  'getIdentityOpenIdConfiguration',
  'getPartner',
  // getQuestionnaire and saveQuestionnaire take an optional bearer token: with one, the user's
  // own questionnaire; without one, a visitor's by session id.
  'getQuestionnaire',
  'getTranslations',
  'getTrial',
  'getVisitorCountry',
  'identityConfirmForgotPassword',
  'identityConfirmSignUp',
  'identityForgotPassword',
  'identityRefresh',
  'identityResendConfirmationCode',
  'identityRespondToChallenge',
  'identityRevokeToken',
  'identitySignIn',
  'identitySignUp',
  'listPartners',
  'loginEmail',
  // The refresh token in the body is the credential (the product token may have expired).
  'refreshSession',
  'saveQuestionnaire',
  'searchPlaces',
  'searchTrials',
  'signup',
  'summarizeTrials',
].sort();

/** Bodies that pass validation, where the token is checked after it (identity routes). */
const VALID_BODIES: Record<string, object> = {
  identityChangePassword: {
    previousPassword: 'old-password-1',
    proposedPassword: 'new-password-1',
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

interface Operation {
  method: Method;
  path: string;
  operationId: string;
  security?: Record<string, string[]>[];
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, Omit<Operation, 'method' | 'path'>>>>;
}

/** Path parameters filled with values that pass their pipes. */
function concretePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (/id$/i.test(name)) {
      return '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f';
    }
    return name === 'lang' ? 'en' : name === 'userSource' ? 'ancora_hcp' : 'x';
  });
}

function call(t: TestApp, op: Operation, bearer?: string): request.Test {
  const req = request(t.http)[op.method](concretePath(op.path));
  return bearer ? req.set('Authorization', `Bearer ${bearer}`) : req;
}

describe(GlobalAuthGuard.name, () => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body as OpenApiDocument;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        method,
        path,
        ...(item[method] as Omit<Operation, 'method' | 'path'>),
      })),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  it('should find the routes of the app in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
  });

  it('should list as public exactly the operations without a security entry', () => {
    const open = operations.filter((op) => !op.security?.length).map((op) => op.operationId);
    expect(open.sort()).toEqual(PUBLIC_OPERATIONS);
  });

  it('should declare one known scheme on every protected operation', () => {
    const schemes = operations
      .filter((o) => o.security?.length)
      .map((op) => `${op.operationId}: ${JSON.stringify(op.security)}`);
    expect(schemes.length).toBeGreaterThan(0);
    for (const scheme of schemes) {
      expect(scheme).toMatch(/^\w+: \[\{"(bearer|identity)":\[\]\}\]$/);
    }
  });

  it('should answer 401 on every protected operation without a token', async () => {
    const protectedOps = operations.filter((op) => !PUBLIC_OPERATIONS.includes(op.operationId));
    expect(protectedOps.length).toBeGreaterThanOrEqual(7);
    for (const op of protectedOps) {
      const res = await call(t, op).send({});
      const identity = op.security?.some((s) => 'identity' in s);
      expect({ op: op.operationId, status: res.status, message: res.body.message }).toEqual({
        op: op.operationId,
        status: 401,
        message: identity
          ? 'Access Token is missing'
          : 'Please log in again: your session is missing, invalid or expired.',
      });
    }
  });

  it('should answer 401 on every protected operation with a token that is not one', async () => {
    for (const op of operations.filter((o) => !PUBLIC_OPERATIONS.includes(o.operationId))) {
      const res = await call(t, op, 'eyJhbGciOiJub25lIn0.e30.').send(
        VALID_BODIES[op.operationId] ?? {},
      );
      expect({ op: op.operationId, status: res.status }).toEqual({
        op: op.operationId,
        status: 401,
      });
    }
  });

  it('should not ask a token of the public operations', async () => {
    for (const op of operations.filter((o) => PUBLIC_OPERATIONS.includes(o.operationId))) {
      const res = await call(t, op).send({});
      expect(`${op.operationId}: ${res.status}`).not.toMatch(/: (401|403|5\d\d)$/);
    }
  });
});
