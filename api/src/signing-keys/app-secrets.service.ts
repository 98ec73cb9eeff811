import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppSecret } from './app-secret.entity';

@Injectable()
export class AppSecretsService {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(@InjectRepository(AppSecret) private readonly secrets: Repository<AppSecret>) {}

  /** The secret of this name, generated on first use; the first replica to store it wins. */
  get(name: string): Promise<string> {
    let value = this.cache.get(name);
    if (!value) {
      value = this.loadOrCreate(name);
      value.catch(() => this.cache.delete(name));
      this.cache.set(name, value);
    }
    return value;
  }

  private async loadOrCreate(name: string): Promise<string> {
    await this.secrets
      .createQueryBuilder()
      .insert()
      .values({ name, value: randomBytes(32).toString('base64url') })
      .orIgnore()
      .execute();
    return (await this.secrets.findOneByOrFail({ name })).value;
  }
}
