import { ApiProperty } from '@nestjs/swagger';

export enum AppEventType {
  /** A new notification for the subscriber. */
  Notification = 'notification',
  /** A request the subscriber may see was created or changed status. */
  Request = 'request',
  /** A board card of the subscriber's facilities changed. */
  FacilityProgress = 'facilityProgress',
  /** The subscriber marked notifications seen (other tabs update). */
  NotificationsSeen = 'notificationsSeen',
}

/**
 * The data of one server-sent event (the SSE `data:` line, JSON); the SSE `id:` is the stored
 * sequence id to send back as Last-Event-ID and `event:` is the type. Only ids and statuses:
 * fetch the rest through the API.
 */
export class AppEventDto {
  @ApiProperty({ description: 'The sequence id (also the SSE id).', example: '42' })
  id: string;

  @ApiProperty({ enum: AppEventType, enumName: 'AppEventType' })
  type: AppEventType;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'notification: { notificationId, progressId, notificationType, status }; request: ' +
      '{ progressId, status }; facilityProgress: { id, progressId }; notificationsSeen: ' +
      '{ progressId }.',
    example: { progressId: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f', status: 'accepted' },
  })
  data: Record<string, unknown>;
}
