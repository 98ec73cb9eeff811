import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { CONDITION_KEYS } from '@trialflow/contract';
import { AppEventType } from '../events/dto/app-event.dto';
import { EventsService } from '../events/events.service';
import { UsersService } from '../users/users.service';
import type { CreateTrialRequestDto } from './dto/create-trial-request.dto';
import type { UpdateTrialRequestDto } from './dto/update-trial-request.dto';
import { ProgressRepository, RequestFinalError, TooManyRequestsError } from './progress.repository';
import type { TrialRequest } from './trial-request.entity';
import type { TrialRequestStatusChange } from './trial-request-status-change.entity';
import { MAX_TRIAL_REQUESTS, TrialRequestStatus } from './trial-request-status';
import { isDatabaseUnavailable } from '../database/database-unavailable';

/** The questionnaire is kept as sent, within reason. */
const QUESTIONNAIRE_MAX_BYTES = 20_000;

export const MAX_REQUESTS_MESSAGE =
  'You have reached the maximum of 50 trial requests. Please contact us to send more.';

/** What happened to a request, for the notifications (new request, status change, cancel). */
export interface TrialRequestChange {
  request: TrialRequest;
  /** null: the request was created. */
  from: TrialRequestStatus | null;
  actorId: string;
}

export type TrialRequestListener = (change: TrialRequestChange) => Promise<void>;

/** Which requests a caller reaches: their own, and as clinops those of their facilities. */
export interface CallerScope {
  userId: string;
  isClinops: boolean;
  facilityIds: number[];
}

/** Trial requests (referrals): the rules of spec 01 §4, §5 and §9 and who may do what. */
@Injectable()
export class ProgressService {
  private readonly logger = new Logger(ProgressService.name);
  private readonly listeners: TrialRequestListener[] = [];

  constructor(
    private readonly progress: ProgressRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly events: EventsService,
  ) {}

  /** Notifications subscribe here (they depend on progress, not the other way round). */
  onChange(listener: TrialRequestListener): void {
    this.listeners.push(listener);
  }

  /** The caller's facilities (from the database: they may change after the token was made). */
  async scopeOf(user: AuthUser): Promise<CallerScope> {
    const stored = await this.users.getById(user.id).catch(() => null);
    if (!stored?.isClinops || !user.roles.includes('clinops')) {
      return { userId: user.id, isClinops: false, facilityIds: [] };
    }
    return { userId: user.id, isClinops: true, facilityIds: stored.facilityIds };
  }

  /**
   * The request, when the caller may see it: the requesting HCP, or clinops of the request's
   * site. 404 for an unknown request, 403 for anyone else. Does not write the audit log.
   */
  async findAccessible(user: AuthUser, requestId: string): Promise<TrialRequest> {
    const request = isUUID(requestId) ? await this.progress.findById(requestId) : null;
    if (!request) {
      throw new NotFoundException('Trial request not found.');
    }
    if (request.userId === user.id) {
      return request;
    }
    const scope = await this.scopeOf(user);
    if (scope.isClinops && scope.facilityIds.includes(request.facilityId)) {
      return request;
    }
    throw new ForbiddenException('You may not see this trial request.');
  }

  async create(user: AuthUser, dto: CreateTrialRequestDto, ip: string): Promise<TrialRequest> {
    assertSelf(user, dto.userId);
    if (!user.roles.includes('hcp')) {
      throw new ForbiddenException('Only a physician’s account sends trial requests.');
    }
    const condition = dto.questionnaire.type_of_disease;
    if (
      typeof condition !== 'string' ||
      !(CONDITION_KEYS as readonly string[]).includes(condition)
    ) {
      throw badRequest(
        'questionnaire.type_of_disease',
        'isIn',
        'The questionnaire has no known condition (type_of_disease).',
      );
    }
    if (Buffer.byteLength(JSON.stringify(dto.questionnaire)) > QUESTIONNAIRE_MAX_BYTES) {
      throw badRequest('questionnaire', 'maxSize', 'The questionnaire is too large.');
    }
    const site = await this.progress.findTrialSite(dto.trialId, dto.selectedLocation.facility_id);
    if (!site) {
      if (!(await this.progress.trialExists(dto.trialId))) {
        throw badRequest('trialId', 'unknownTrial', 'No trial has this NCT id.');
      }
      throw badRequest(
        'selectedLocation.facility_id',
        'notATrialSite',
        'Please choose one of the trial’s sites.',
      );
    }
    const account = await this.users.getById(user.id).catch((error: unknown) => {
      // An outage is a 503 (exception filter), not a reason to sign the caller out.
      if (isDatabaseUnavailable(error)) {
        throw error;
      }
      throw new UnauthorizedException('Please log in again: your account no longer exists.');
    });
    let request: TrialRequest;
    try {
      request = await this.progress.create({
        userId: user.id,
        identifier: dto.identifier,
        nctId: dto.trialId,
        trialName: site.trialName,
        condition,
        questionnaire: dto.questionnaire,
        facilityId: dto.selectedLocation.facility_id,
        facilityName: site.facilityName,
        email: dto.email ?? account.email,
        phoneNumber: dto.phoneNumber ?? account.phoneNumber,
        country: dto.country ?? account.country,
      });
    } catch (error) {
      if (error instanceof TooManyRequestsError) {
        throw new ConflictException({
          statusCode: 409,
          message: MAX_REQUESTS_MESSAGE,
          errors: { progress: 'maxRequestsReached' },
          max: MAX_TRIAL_REQUESTS,
        });
      }
      throw error;
    }
    await this.audit.record({
      actorId: user.id,
      action: 'request.create',
      requestId: request.id,
      ip,
      detail: { nctId: request.nctId, facilityId: request.facilityId },
    });
    await this.announce({ request, from: null, actorId: user.id });
    return request;
  }

  /** The HCP's own requests, or the requests of a clinops user's facilities; newest first. */
  async list(user: AuthUser, userId: string, ip: string): Promise<TrialRequest[]> {
    assertSelf(user, userId);
    const scope = await this.scopeOf(user);
    const requests = scope.isClinops
      ? await this.progress.findByFacilityIds(scope.facilityIds)
      : await this.progress.findByUserId(user.id);
    await this.audit.recordMany(
      requests.map((r) => ({ actorId: user.id, action: 'request.list', requestId: r.id, ip })),
    );
    return requests;
  }

  async details(
    user: AuthUser,
    userId: string,
    requestId: string,
    ip: string,
  ): Promise<{ request: TrialRequest; history: TrialRequestStatusChange[] }> {
    assertSelf(user, userId);
    const request = await this.findAccessible(user, requestId);
    const history = await this.progress.findHistory(request.id);
    await this.audit.record({
      actorId: user.id,
      action: 'request.read',
      requestId: request.id,
      ip,
    });
    return { request, history };
  }

  /**
   * A status change by clinops of the request's site, or a cancel by the requesting HCP.
   * A cancelled request is final (409).
   */
  async update(
    user: AuthUser,
    userId: string,
    dto: UpdateTrialRequestDto,
    ip: string,
  ): Promise<TrialRequest> {
    assertSelf(user, userId);
    const current = await this.findAccessible(user, dto.progress);
    if (dto.progressStatus === TrialRequestStatus.Cancelled) {
      if (current.userId !== user.id) {
        throw new ForbiddenException('Only the requesting physician may cancel a trial request.');
      }
    } else {
      const scope = await this.scopeOf(user);
      if (!scope.isClinops || !scope.facilityIds.includes(current.facilityId)) {
        throw new ForbiddenException('Only the trial site may change the status of a request.');
      }
    }
    let changed: { request: TrialRequest; from: TrialRequestStatus };
    try {
      changed = await this.progress.changeStatus(
        current.id,
        dto.progressStatus,
        dto.message,
        user.id,
      );
    } catch (error) {
      if (error instanceof RequestFinalError) {
        throw new ConflictException({
          statusCode: 409,
          message: 'This trial request was cancelled: it cannot change any more.',
          errors: { progress: 'requestCancelled' },
        });
      }
      throw error;
    }
    await this.audit.record({
      actorId: user.id,
      action:
        dto.progressStatus === TrialRequestStatus.Cancelled ? 'request.cancel' : 'request.status',
      requestId: current.id,
      ip,
      detail: { from: changed.from, to: dto.progressStatus },
    });
    await this.announce({ request: changed.request, from: changed.from, actorId: user.id });
    return changed.request;
  }

  /** Tells the listeners and every replica's subscribers; a failing listener does not undo it. */
  private async announce(change: TrialRequestChange): Promise<void> {
    const { request } = change;
    await this.events.publish({
      type: AppEventType.Request,
      userIds: [request.userId],
      facilityId: request.facilityId,
      data: { progressId: request.id, status: request.status },
    });
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (error) {
        this.logger.error({ err: error, requestId: request.id }, 'A trial request listener failed');
      }
    }
  }
}

export function assertSelf(user: AuthUser, userId: string): void {
  if (user.id !== userId) {
    throw new ForbiddenException('You may only use your own account here.');
  }
}

function badRequest(field: string, code: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: code } });
}
