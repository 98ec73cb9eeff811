import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { AppEventType } from '../events/dto/app-event.dto';
import { EventsService } from '../events/events.service';
import { ProgressService } from '../progress/progress.service';
import { TrialRequestStatus } from '../progress/trial-request-status';
import type { UpdateFacilityProgressDto } from './dto/facility-progress.dto';
import { Card, FacilityProgressRepository } from './facility-progress.repository';

/** The clinops board: one card per request of the caller's facilities, shared and persisted. */
@Injectable()
export class FacilityProgressService {
  constructor(
    private readonly cards: FacilityProgressRepository,
    private readonly progress: ProgressService,
    private readonly audit: AuditService,
    private readonly events: EventsService,
  ) {}

  async list(user: AuthUser, ip: string): Promise<Card[]> {
    const scope = await this.progress.scopeOf(user);
    const cards = await this.cards.findByFacilityIds(scope.facilityIds);
    await this.audit.recordMany(
      cards.map((c) => ({ actorId: user.id, action: 'board.list', requestId: c.requestId, ip })),
    );
    return cards;
  }

  async update(
    user: AuthUser,
    id: string,
    dto: UpdateFacilityProgressDto,
    ip: string,
  ): Promise<Card> {
    const card = isUUID(id) ? await this.cards.findById(id) : null;
    if (!card) {
      throw new NotFoundException('Board card not found.');
    }
    const scope = await this.progress.scopeOf(user);
    if (!scope.isClinops || !scope.facilityIds.includes(card.request.facilityId)) {
      throw new ForbiddenException('This card belongs to another facility.');
    }
    if (Object.values(dto).every((v) => v === undefined)) {
      throw badRequest(
        'reached_out',
        'isNotEmpty',
        'Send at least one stage flag or the decision.',
      );
    }
    if (card.request.status === TrialRequestStatus.Cancelled) {
      throw new ConflictException({
        statusCode: 409,
        message: 'This trial request was cancelled: its card cannot change any more.',
        errors: { progress: 'requestCancelled' },
      });
    }
    const next = applyBoardChange(card, dto);
    const saved = await this.cards.save({ ...next, updatedBy: user.id });
    await this.audit.record({
      actorId: user.id,
      action: 'board.update',
      requestId: card.requestId,
      ip,
      detail: {
        reachedOut: saved.reachedOut,
        initialDiscussion: saved.initialDiscussion,
        infoNeeded: saved.infoNeeded,
        decisionMade: saved.decisionMade,
        approved: saved.approved,
      },
    });
    await this.events.publish({
      type: AppEventType.FacilityProgress,
      userIds: [],
      facilityId: card.request.facilityId,
      data: { id: saved.id, progressId: saved.requestId },
    });
    return saved;
  }
}

/**
 * The card after the change: omitted fields stay; clearing decision_made clears the decision;
 * a decision needs decision_made (400 naming approved).
 */
export function applyBoardChange(card: Card, dto: UpdateFacilityProgressDto): Card {
  const next: Card = {
    ...card,
    reachedOut: dto.reached_out ?? card.reachedOut,
    initialDiscussion: dto.initial_discussion ?? card.initialDiscussion,
    infoNeeded: dto.info_needed ?? card.infoNeeded,
    decisionMade: dto.decision_made ?? card.decisionMade,
    approved: dto.approved !== undefined ? dto.approved : card.approved,
  };
  if (dto.decision_made === false && dto.approved === undefined) {
    next.approved = null;
  }
  if (next.approved !== null && !next.decisionMade) {
    throw badRequest('approved', 'decisionRequired', 'A decision needs the Decision Made stage.');
  }
  return next;
}

function badRequest(field: string, code: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: code } });
}
