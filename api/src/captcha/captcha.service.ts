import { createHash } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { LessThan, Repository } from 'typeorm';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { AppSecretsService } from '../signing-keys/app-secrets.service';
import type { AltchaChallengeDto } from './dto/altcha-challenge.dto';
import { UsedCaptcha } from './used-captcha.entity';

const CHALLENGE_MINUTES = 10;

interface AltchaPayload {
  challenge: { parameters: { nonce?: string; expiresAt?: number }; signature?: string };
  solution: unknown;
}

function parsePayload(value: string): AltchaPayload | null {
  try {
    const payload = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
    if (payload && typeof payload === 'object' && 'challenge' in payload && 'solution' in payload) {
      return payload as AltchaPayload;
    }
  } catch {
    // not base64 JSON
  }
  return null;
}

/**
 * The captcha of the registration: ALTCHA (self-hosted proof of work) by default, reCAPTCHA
 * when both of its keys are configured.
 */
@Injectable()
export class CaptchaService {
  private readonly logger = new Logger(CaptchaService.name);

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly secrets: AppSecretsService,
    @InjectRepository(UsedCaptcha) private readonly used: Repository<UsedCaptcha>,
  ) {}

  get kind(): 'altcha' | 'recaptcha' {
    return this.env.RECAPTCHA_SITE_KEY && this.env.RECAPTCHA_SECRET_KEY ? 'recaptcha' : 'altcha';
  }

  async challenge(): Promise<AltchaChallengeDto> {
    if (this.kind !== 'altcha') {
      throw new NotFoundException('This installation uses reCAPTCHA.');
    }
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.env.ALTCHA_COST,
      counter: randomInt(Math.floor(this.env.ALTCHA_MAX_COUNTER / 2), this.env.ALTCHA_MAX_COUNTER),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      hmacSignatureSecret: await this.secrets.get('altcha-signature'),
      hmacKeySignatureSecret: await this.secrets.get('altcha-key-signature'),
    });
    return challenge as unknown as AltchaChallengeDto;
  }

  /**
   * Throws 400 'Captcha verification failed.' unless the token proves a solved captcha that is
   * new or was already used for this same e-mail address.
   */
  async verify(token: string | undefined, email: string, field = 'recaptcha'): Promise<void> {
    const ok = token ? await this.verifyBound(token, email.trim().toLowerCase()) : false;
    if (!ok) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'Captcha verification failed.',
        errors: { [field]: 'captcha' },
      });
    }
  }

  private async verifyBound(token: string, email: string): Promise<boolean> {
    const nonce =
      this.kind === 'altcha'
        ? parsePayload(token)?.challenge?.parameters?.nonce
        : createHash('sha256').update(token).digest('hex');
    if (typeof nonce !== 'string' || nonce.length > 128) {
      return false;
    }
    const seen = await this.used.findOneBy({ nonce });
    if (seen) {
      return seen.email === email && seen.expiresAt > new Date();
    }
    const solved =
      this.kind === 'altcha' ? await this.verifyAltcha(token) : await this.verifyRecaptcha(token);
    if (!solved) {
      return false;
    }
    await this.used.delete({ expiresAt: LessThan(new Date()) });
    // Two requests with one fresh solution at once: the first to record it owns it.
    await this.used
      .createQueryBuilder()
      .insert()
      .values({ nonce, email, expiresAt: new Date(Date.now() + (CHALLENGE_MINUTES + 5) * 60_000) })
      .orIgnore()
      .execute();
    const owner = await this.used.findOneBy({ nonce });
    return owner?.email === email;
  }

  private async verifyAltcha(token: string): Promise<boolean> {
    const payload = parsePayload(token);
    if (!payload) {
      return false;
    }
    let result;
    try {
      result = await verifySolution({
        challenge: payload.challenge as never,
        solution: payload.solution as never,
        deriveKey,
        hmacSignatureSecret: await this.secrets.get('altcha-signature'),
        hmacKeySignatureSecret: await this.secrets.get('altcha-key-signature'),
      });
    } catch {
      return false;
    }
    return result.verified;
  }

  private async verifyRecaptcha(token: string): Promise<boolean> {
    try {
      const res = await fetch(this.env.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.env.RECAPTCHA_SECRET_KEY ?? '', response: token }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as { success?: boolean };
      return res.ok && body.success === true;
    } catch (error) {
      this.logger.warn({ err: error }, 'reCAPTCHA verification could not be reached');
      return false;
    }
  }
}
