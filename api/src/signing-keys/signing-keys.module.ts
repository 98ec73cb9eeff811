import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppSecret } from './app-secret.entity';
import { AppSecretsService } from './app-secrets.service';
import { SigningKey } from './signing-key.entity';
import { SigningKeysService } from './signing-keys.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SigningKey, AppSecret])],
  providers: [SigningKeysService, AppSecretsService],
  exports: [SigningKeysService, AppSecretsService],
})
export class SigningKeysModule {}
