import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Language } from '@trialflow/contract';
import { withoutParameters } from '../database/database-unavailable';
import type { TrialRequestStatus } from '../progress/trial-request-status';
import type { NotificationRow } from './dto/notification-response.dto';
import type { NotificationType } from './notification.entity';

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
}

const RECIPIENT_COLUMNS = 'id, email, first_name AS "firstName", last_name AS "lastName", language';

@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The clinops users of a facility. */
  findClinopsOfFacility(facilityId: number): Promise<Recipient[]> {
    return this.dataSource.query<Recipient[]>(
      `SELECT ${RECIPIENT_COLUMNS} FROM app_user
        WHERE is_clinops AND facility_ids @> ARRAY[$1]::integer[] ORDER BY created_at`,
      [facilityId],
    );
  }

  async findUser(userId: string): Promise<Recipient | null> {
    const rows = await this.dataSource.query<Recipient[]>(
      `SELECT ${RECIPIENT_COLUMNS} FROM app_user WHERE id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** A notification and its recipients; answers its id. */
  async create(
    requestId: string,
    type: NotificationType,
    status: TrialRequestStatus,
    actorId: string,
    recipientIds: string[],
  ): Promise<string> {
    try {
      return await this.dataSource.transaction(async (tx) => {
        const rows = await tx.query<{ id: string }[]>(
          `INSERT INTO notification (request_id, type, status, actor_id) VALUES ($1, $2, $3, $4)
           RETURNING id`,
          [requestId, type, status, actorId],
        );
        const id = rows[0].id;
        await tx.query(
          `INSERT INTO notification_recipient (notification_id, user_id)
           SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
          [id, recipientIds],
        );
        return id;
      });
    } catch (error) {
      throw withoutParameters(error, 'Creating a notification');
    }
  }

  /** Whether the user sent a reminder about the request since the given time. */
  async hasReminderSince(actorId: string, requestId: string, since: Date): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM notification
        WHERE actor_id = $1 AND request_id = $2 AND type = 'reminder' AND created_at > $3
        LIMIT 1`,
      [actorId, requestId, since],
    );
    return rows.length > 0;
  }

  /** Every notification of a user, newest first. */
  findForUser(userId: string): Promise<NotificationRow[]> {
    return this.dataSource.query<NotificationRow[]>(
      `SELECT n.id, n.request_id AS "requestId", n.type, n.status, n.created_at AS "createdAt",
              r.identifier, r.trial_name AS "trialName", r.nct_id AS "nctId",
              a.first_name AS "firstName", a.last_name AS "lastName", nr.seen_at AS "seenAt"
         FROM notification_recipient nr
         JOIN notification n ON n.id = nr.notification_id
         JOIN trial_request r ON r.id = n.request_id
         LEFT JOIN app_user a ON a.id = n.actor_id
        WHERE nr.user_id = $1
        ORDER BY n.created_at DESC, n.id DESC`,
      [userId],
    );
  }

  /** Marks the user's notifications of a request seen; answers how many were unseen. */
  async markSeen(userId: string, requestId: string): Promise<number> {
    const result = await this.dataSource.query<[unknown[], number]>(
      `UPDATE notification_recipient nr SET seen_at = now()
         FROM notification n
        WHERE n.id = nr.notification_id AND nr.user_id = $1 AND n.request_id = $2
          AND nr.seen_at IS NULL`,
      [userId, requestId],
    );
    return result[1];
  }
}
