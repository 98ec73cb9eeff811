import { DynamicModule, Global, Module } from '@nestjs/common';
import { PartnersModule } from '../partners/partners.module';
import { ConfigController } from './config.controller';
import { AppConfigService } from './config.service';
import type { Env } from './env';
import { ENV } from './env.token';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: ConfigModule,
      imports: [PartnersModule],
      controllers: [ConfigController],
      providers: [{ provide: ENV, useValue: env }, AppConfigService],
      exports: [ENV],
    };
  }
}
