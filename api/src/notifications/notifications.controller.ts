import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Auth } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { ClientIp } from '../common/client-ip.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { NOT_SELF, uuidParam } from '../common/uuid-param';
import {
  CreateNotificationDto,
  MarkNotificationsSeenDto,
  NotificationResponseDto,
  NotificationsSeenDto,
  toNotificationResponse,
} from './dto/notification-response.dto';
import { NotificationsService } from './notifications.service';

const uuid = uuidParam();

/** Notifications of the referral loop (spec 01 §7 hcpprogressnotifications calls). */
@ApiTags('notifications')
@Controller('hcp/hcpprogressnotifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get(':userId')
  @Auth()
  @ApiOperation({
    summary: "The caller's notifications",
    description:
      'Per request only the newest unseen one, newest first, then every seen one, newest first.',
  })
  @ApiOkResponse({ type: [NotificationResponseDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'userId is not a uuid.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NOT_SELF })
  async listNotifications(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('userId', uuid) userId: string,
  ): Promise<NotificationResponseDto[]> {
    const rows = await this.notifications.list(caller, userId, ip);
    return rows.map((r) => toNotificationResponse(r, caller.id));
  }

  @Post(':userId')
  @Auth()
  @ApiOperation({
    summary: 'Remind the other side of a request of its current status',
    description:
      'The API notifies of new requests, status changes and cancels by itself; this sends a ' +
      'reminder: from the HCP to the site’s clinops users, or from clinops to the HCP; one per ' +
      'request and sender an hour.',
  })
  @ApiCreatedResponse({ type: NotificationResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'progressId is missing or wrong.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `${NOT_SELF} Or the caller may not see the request.`,
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such trial request.' })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: 'A reminder about this request was sent less than an hour ago (reminderTooSoon).',
  })
  async createNotification(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('userId', uuid) userId: string,
    @Body() body: CreateNotificationDto,
  ): Promise<NotificationResponseDto> {
    const row = await this.notifications.remind(caller, userId, body.progressId, ip);
    return toNotificationResponse(row, caller.id);
  }

  @Put(':userId')
  @Auth()
  @ApiOperation({ summary: "Mark the caller's notifications of a request seen" })
  @ApiOkResponse({ type: NotificationsSeenDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'progressId is missing or wrong.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `${NOT_SELF} Or the caller may not see the request.`,
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such trial request.' })
  async markNotificationsSeen(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('userId', uuid) userId: string,
    @Body() body: MarkNotificationsSeenDto,
  ): Promise<NotificationsSeenDto> {
    const updated = await this.notifications.markSeen(caller, userId, body.progressId, ip);
    return { progressId: body.progressId, updated };
  }
}
