import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { AppSecret } from './app-secret.entity';
import { AppSecretsService } from './app-secrets.service';
import { loadServerSecret, ServerSecret } from './server-secret';
import { SigningKey } from './signing-key.entity';
import { SigningKeysService } from './signing-keys.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SigningKey, AppSecret])],
  providers: [
    SigningKeysService,
    AppSecretsService,
    {
      provide: ServerSecret,
      inject: [ENV],
      useFactory: (env: Env) => new ServerSecret(loadServerSecret(env.APP_SECRET, env.DATA_DIR)),
    },
  ],
  exports: [SigningKeysService, AppSecretsService, ServerSecret],
})
export class SigningKeysModule {}
