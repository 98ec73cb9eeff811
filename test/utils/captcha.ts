import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import request from 'supertest';
import type { App } from 'supertest/types';

/** Env overrides that make a real ALTCHA challenge cheap to solve (a few ms instead of seconds). */
export const FAST_CAPTCHA_ENV: Record<string, string> = {
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '50',
};

/** Fetches a challenge from GET /api/captcha/challenge. */
export async function fetchChallenge(http: App): Promise<Challenge> {
  const res = await request(http).get('/api/captcha/challenge').expect(200);
  return res.body as Challenge;
}

/** Encodes a solved challenge as the widget does: base64 of JSON { challenge, solution }. */
export function encodePayload(challenge: Challenge, solution: unknown): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Solves a fresh challenge of the app by brute force, as the altcha widget does. */
export async function solveCaptcha(http: App): Promise<string> {
  const challenge = await fetchChallenge(http);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) {
    throw new Error('The ALTCHA challenge could not be solved: is ALTCHA_MAX_COUNTER small?');
  }
  return encodePayload(challenge, solution);
}
