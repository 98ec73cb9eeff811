import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostgresThrottlerStorage } from './postgres-throttler.storage';
import { RateLimitCounter } from './rate-limit-counter.entity';
import { RateLimitRepository } from './rate-limit.repository';

/** The Postgres counters, in a module of their own so ThrottlerModule's factory can use them. */
@Module({
  imports: [TypeOrmModule.forFeature([RateLimitCounter])],
  providers: [RateLimitRepository, PostgresThrottlerStorage],
  exports: [PostgresThrottlerStorage],
})
export class RateLimitStorageModule {}
