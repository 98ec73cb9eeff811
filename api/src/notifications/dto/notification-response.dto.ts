import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { TrialRequestStatus } from '../../progress/trial-request-status';
import { NotificationType } from '../notification.entity';

export class NotificationUserDto {
  @ApiProperty({ format: 'uuid' })
  user: string;

  @ApiProperty()
  seen: boolean;
}

/** A notification as the panel shows it (spec 01 §3 "Notification"). */
export class NotificationResponseDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ format: 'uuid', description: 'The trial request.' })
  progressId: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({ description: "The request's patient identifier." })
  identifier: string;

  @ApiProperty({ description: 'Who caused it.' })
  firstName: string;

  @ApiProperty()
  lastName: string;

  @ApiProperty()
  trialName: string;

  @ApiProperty({ example: 'NCT01234567' })
  trialId: string;

  @ApiProperty({ enum: NotificationType, enumName: 'NotificationType' })
  notificationType: NotificationType;

  @ApiProperty({ enum: TrialRequestStatus, enumName: 'TrialRequestStatus' })
  status: TrialRequestStatus;

  @ApiProperty({ description: "Whether the caller has seen it (the caller's users entry)." })
  seen: boolean;

  @ApiProperty({ type: [NotificationUserDto], description: "The caller's entry only." })
  users: NotificationUserDto[];
}

export class CreateNotificationDto {
  @ApiProperty({ format: 'uuid', description: 'The trial request to remind the other side of.' })
  @IsUUID('4', { message: 'progressId must be a trial request id.' })
  progressId: string;
}

export class MarkNotificationsSeenDto {
  @ApiProperty({ format: 'uuid', description: 'The trial request whose notifications are seen.' })
  @IsUUID('4', { message: 'progressId must be a trial request id.' })
  progressId: string;
}

export class NotificationsSeenDto {
  @ApiProperty({ format: 'uuid' })
  progressId: string;

  @ApiProperty({ description: 'How many notifications were newly marked seen.' })
  updated: number;
}

/** A notification row as the repository reads it for one recipient. */
export interface NotificationRow {
  id: string;
  requestId: string;
  type: NotificationType;
  status: TrialRequestStatus;
  createdAt: Date;
  identifier: string;
  trialName: string;
  nctId: string;
  firstName: string | null;
  lastName: string | null;
  seenAt: Date | null;
}

export function toNotificationResponse(
  row: NotificationRow,
  userId: string,
): NotificationResponseDto {
  return {
    _id: row.id,
    progressId: row.requestId,
    timestamp: row.createdAt.toISOString(),
    identifier: row.identifier,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    trialName: row.trialName,
    trialId: row.nctId,
    notificationType: row.type,
    status: row.status,
    seen: row.seenAt !== null,
    users: [{ user: userId, seen: row.seenAt !== null }],
  };
}

/**
 * Spec 01 §9: for each request only its newest unseen notification, newest first, then every
 * seen one, newest first. `rows` come newest first.
 */
export function panelOrder(rows: NotificationRow[]): NotificationRow[] {
  const unseen: NotificationRow[] = [];
  const shown = new Set<string>();
  for (const row of rows) {
    if (row.seenAt === null && !shown.has(row.requestId)) {
      shown.add(row.requestId);
      unseen.push(row);
    }
  }
  return [...unseen, ...rows.filter((r) => r.seenAt !== null)];
}
