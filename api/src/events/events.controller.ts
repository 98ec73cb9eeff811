import {
  BadRequestException,
  Controller,
  Get,
  Headers,
  Query,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { UsersService } from '../users/users.service';
import { AppEventDto } from './dto/app-event.dto';
import { EventsService } from './events.service';
import { isDatabaseUnavailable } from '../database/database-unavailable';

const HEARTBEAT_MS = 25_000;
const EVENT_ID = /^\d{1,19}$/;

/** Server-sent events: notifications and request changes as they happen, on every replica. */
@ApiTags('events')
@ApiExtraModels(AppEventDto)
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly users: UsersService,
  ) {}

  @Get()
  @Auth()
  @ApiOperation({
    summary: 'Server-sent events for the caller (text/event-stream)',
    description:
      'A stream of `id: <sequence>`, `event: <type>`, `data: <AppEvent JSON>` frames: new ' +
      'notifications for the caller, changes of requests the caller may see (their own, or as ' +
      'clinops those of their facilities) and board changes. A comment line is sent every 25 s. ' +
      'Reconnect with the Last-Event-ID header (or lastEventId) to get the events missed since.',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'The last id received.' })
  @ApiQuery({
    name: 'lastEventId',
    required: false,
    type: String,
    description: 'As the Last-Event-ID header, for clients that cannot set it.',
  })
  @ApiOkResponse({
    description: 'The event stream; each data line is an AppEvent.',
    content: { 'text/event-stream': { schema: { $ref: getSchemaPath(AppEventDto) } } },
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Last-Event-ID (or lastEventId) is not a sequence id.',
  })
  async streamEvents(
    @CurrentUser() caller: AuthUser,
    @Headers('last-event-id') lastEventIdHeader: string | undefined,
    @Query('lastEventId') lastEventIdQuery: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const lastEventId = lastEventIdHeader ?? lastEventIdQuery ?? null;
    if (lastEventId !== null && !EVENT_ID.test(lastEventId)) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'Last-Event-ID must be the id of an event received before.',
        errors: { lastEventId: 'isNumberString' },
      });
    }
    const user = await this.users.getById(caller.id).catch((error: unknown) => {
      // An outage is a 503 (exception filter), not a reason to sign the caller out.
      if (isDatabaseUnavailable(error)) {
        throw error;
      }
      throw new UnauthorizedException('Please log in again: your account no longer exists.');
    });
    const audience = {
      userId: user.id,
      facilityIds: user.isClinops ? user.facilityIds : [],
    };
    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx (compose) must not buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 3000\n: connected\n\n');
    const subscription = this.events.subscribe(audience, lastEventId).subscribe({
      next: (event) => {
        const body: AppEventDto = { id: event.id, type: event.type, data: event.data };
        res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(body)}\n\n`);
      },
      error: () => res.end(),
      complete: () => res.end(),
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      subscription.unsubscribe();
    });
  }
}
