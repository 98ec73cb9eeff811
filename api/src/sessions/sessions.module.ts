import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Session } from './session.entity';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Server-side sessions behind the product tokens (see SECURITY.md, "Sessions"). */
@Module({
  imports: [TypeOrmModule.forFeature([Session])],
  providers: [SessionsRepository, SessionsService],
  exports: [SessionsService],
})
export class SessionsModule {}
