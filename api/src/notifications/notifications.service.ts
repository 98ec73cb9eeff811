import { HttpException, HttpStatus, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { AppEventType } from '../events/dto/app-event.dto';
import { EventsService } from '../events/events.service';
import { MailService } from '../mail/mail.service';
import type { MailTemplate } from '../mail/templates/mail-templates';
import { assertSelf, ProgressService, TrialRequestChange } from '../progress/progress.service';
import type { TrialRequest } from '../progress/trial-request.entity';
import { TrialRequestStatus } from '../progress/trial-request-status';
import { NotificationRow, panelOrder } from './dto/notification-response.dto';
import { NotificationType } from './notification.entity';
import { NotificationsRepository, Recipient } from './notifications.repository';

/** One reminder per request and sender in this time: each one mails the other side. */
export const REMINDER_INTERVAL_MS = 3600_000;

const MAIL_TEMPLATES: Record<NotificationType, MailTemplate> = {
  [NotificationType.NewRequest]: 'request-new',
  [NotificationType.StatusChanged]: 'request-status',
  [NotificationType.Cancelled]: 'request-cancelled',
  [NotificationType.Reminder]: 'request-reminder',
};

/**
 * Notifications of the referral loop: the site's clinops users hear of new and cancelled
 * requests, the HCP of the site's status changes; each also gets an e-mail in their language
 * and a server-sent event.
 */
@Injectable()
export class NotificationsService implements OnModuleInit {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly progress: ProgressService,
    private readonly audit: AuditService,
    private readonly events: EventsService,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.progress.onChange((change) => this.onRequestChange(change));
  }

  async onRequestChange({ request, from, actorId }: TrialRequestChange): Promise<void> {
    if (from === null) {
      await this.notify(
        request,
        NotificationType.NewRequest,
        actorId,
        await this.siteStaff(request),
      );
    } else if (request.status === TrialRequestStatus.Cancelled) {
      await this.notify(
        request,
        NotificationType.Cancelled,
        actorId,
        await this.siteStaff(request),
      );
    } else {
      const hcp = await this.notifications.findUser(request.userId);
      await this.notify(request, NotificationType.StatusChanged, actorId, hcp ? [hcp] : []);
    }
  }

  /** POST: reminds the other side of a request the caller may see of its current status. */
  async remind(
    user: AuthUser,
    userId: string,
    progressId: string,
    ip: string,
  ): Promise<NotificationRow> {
    assertSelf(user, userId);
    const request = await this.progress.findAccessible(user, progressId);
    const since = new Date(Date.now() - REMINDER_INTERVAL_MS);
    if (await this.notifications.hasReminderSince(user.id, request.id, since)) {
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          message: 'You sent a reminder about this request less than an hour ago.',
          errors: { progressId: 'reminderTooSoon' },
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const recipients =
      request.userId === user.id
        ? await this.siteStaff(request)
        : [await this.notifications.findUser(request.userId)].filter((r): r is Recipient => !!r);
    const id = await this.notify(request, NotificationType.Reminder, user.id, recipients);
    await this.audit.record({
      actorId: user.id,
      action: 'notification.create',
      requestId: request.id,
      ip,
    });
    const actor = await this.notifications.findUser(user.id);
    return {
      id,
      requestId: request.id,
      type: NotificationType.Reminder,
      status: request.status,
      createdAt: new Date(),
      identifier: request.identifier,
      trialName: request.trialName,
      nctId: request.nctId,
      firstName: actor?.firstName ?? '',
      lastName: actor?.lastName ?? '',
      seenAt: null,
    };
  }

  /** The caller's panel (spec 01 §9 order). */
  async list(user: AuthUser, userId: string, ip: string): Promise<NotificationRow[]> {
    assertSelf(user, userId);
    const rows = panelOrder(await this.notifications.findForUser(user.id));
    const requestIds = [...new Set(rows.map((r) => r.requestId))];
    await this.audit.recordMany(
      requestIds.map((requestId) => ({
        actorId: user.id,
        action: 'notification.list',
        requestId,
        ip,
      })),
    );
    return rows;
  }

  async markSeen(user: AuthUser, userId: string, progressId: string, ip: string): Promise<number> {
    assertSelf(user, userId);
    const request = await this.progress.findAccessible(user, progressId);
    const updated = await this.notifications.markSeen(user.id, request.id);
    await this.audit.record({
      actorId: user.id,
      action: 'notification.seen',
      requestId: request.id,
      ip,
      detail: { updated },
    });
    await this.events.publish({
      type: AppEventType.NotificationsSeen,
      userIds: [user.id],
      data: { progressId: request.id },
    });
    return updated;
  }

  private siteStaff(request: TrialRequest): Promise<Recipient[]> {
    return this.notifications.findClinopsOfFacility(request.facilityId);
  }

  private async notify(
    request: TrialRequest,
    type: NotificationType,
    actorId: string,
    recipients: Recipient[],
  ): Promise<string> {
    const others = recipients.filter((r) => r.id !== actorId);
    const id = await this.notifications.create(
      request.id,
      type,
      request.status,
      actorId,
      others.map((r) => r.id),
    );
    if (others.length > 0) {
      await this.events.publish({
        type: AppEventType.Notification,
        userIds: others.map((r) => r.id),
        data: {
          notificationId: id,
          progressId: request.id,
          notificationType: type,
          status: request.status,
        },
      });
    }
    // Mail is sent after the answer: a slow mail server must not hold the request.
    void this.sendMails(request, type, others);
    return id;
  }

  private async sendMails(
    request: TrialRequest,
    type: NotificationType,
    to: Recipient[],
  ): Promise<void> {
    for (const recipient of to) {
      try {
        await this.mail.send({
          to: recipient.email,
          template: MAIL_TEMPLATES[type],
          language: recipient.language,
          variables: {
            firstName: recipient.firstName,
            trialName: request.trialName,
            nctId: request.nctId,
            status: request.status,
          },
        });
      } catch (error) {
        this.logger.error(
          { err: error, requestId: request.id, type },
          'A notification e-mail failed',
        );
      }
    }
  }
}
