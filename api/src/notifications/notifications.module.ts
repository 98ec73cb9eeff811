import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { EventsModule } from '../events/events.module';
import { ProgressModule } from '../progress/progress.module';
import { Notification } from './notification.entity';
import { NotificationRecipient } from './notification-recipient.entity';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** HCP and clinops notifications, seen state, e-mail; events through EventsModule. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Notification, NotificationRecipient]),
    ProgressModule,
    AuditModule,
    EventsModule,
  ],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService],
})
export class NotificationsModule {}
