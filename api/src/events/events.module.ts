import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AppEvent } from './app-event.entity';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

/** Server-sent events fanned out across replicas through Postgres LISTEN/NOTIFY. */
@Module({
  imports: [TypeOrmModule.forFeature([AppEvent]), UsersModule, SessionsModule],
  controllers: [EventsController],
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
