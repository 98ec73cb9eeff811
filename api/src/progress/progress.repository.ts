import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { withoutParameters as cleanQueryError } from '../database/database-unavailable';
import { FacilityProgress } from '../facility-progress/facility-progress.entity';
import { TrialRequest } from './trial-request.entity';
import { TrialRequestStatusChange } from './trial-request-status-change.entity';
import { MAX_TRIAL_REQUESTS, TrialRequestStatus } from './trial-request-status';

export interface TrialSite {
  trialName: string;
  facilityName: string;
}

export type NewTrialRequest = Pick<
  TrialRequest,
  | 'userId'
  | 'identifier'
  | 'nctId'
  | 'trialName'
  | 'condition'
  | 'questionnaire'
  | 'facilityId'
  | 'facilityName'
  | 'email'
  | 'phoneNumber'
  | 'country'
>;

/** The user already has the most requests allowed. */
export class TooManyRequestsError extends Error {}
/** The request is cancelled: no change any more. */
export class RequestFinalError extends Error {}

/**
 * A failed query as an error without its parameters (they hold patient data, and the error
 * filter logs 500s with their error).
 */
function withoutParameters(error: unknown, what: string): Error {
  if (error instanceof TooManyRequestsError || error instanceof RequestFinalError) {
    return error;
  }
  return cleanQueryError(error, what);
}

@Injectable()
export class ProgressRepository {
  constructor(
    @InjectRepository(TrialRequest) private readonly requests: Repository<TrialRequest>,
    @InjectRepository(TrialRequestStatusChange)
    private readonly changes: Repository<TrialRequestStatusChange>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  findById(id: string): Promise<TrialRequest | null> {
    return this.requests.findOneBy({ id });
  }

  findByUserId(userId: string): Promise<TrialRequest[]> {
    return this.requests.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findByFacilityIds(facilityIds: number[]): Promise<TrialRequest[]> {
    if (facilityIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.requests.find({
      where: { facilityId: In(facilityIds) },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /** The history of a request, oldest first, with who made each step. */
  findHistory(requestId: string): Promise<TrialRequestStatusChange[]> {
    return this.changes.find({
      where: { requestId },
      relations: { actor: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The trial's title and the site's name, when the facility is one of the trial's sites. */
  async findTrialSite(nctId: string, facilityId: number): Promise<TrialSite | null> {
    const rows = await this.dataSource.query<TrialSite[]>(
      `SELECT t.brief_title AS "trialName", s.facility_name AS "facilityName"
         FROM trial t JOIN site s ON s.trial_id = t.id
        WHERE t.nct_id = $1 AND s.facility_id = $2
        LIMIT 1`,
      [nctId, facilityId],
    );
    return rows[0] ?? null;
  }

  async trialExists(nctId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>('SELECT 1 FROM trial WHERE nct_id = $1', [
      nctId,
    ]);
    return rows.length > 0;
  }

  /**
   * Stores a new request with its first history step and its board card. One user's creations
   * are serialised, so the limit holds under concurrent calls.
   */
  async create(data: NewTrialRequest): Promise<TrialRequest> {
    try {
      return await this.dataSource.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `trial_request:${data.userId}`,
        ]);
        const count = await tx.countBy(TrialRequest, { userId: data.userId });
        if (count >= MAX_TRIAL_REQUESTS) {
          throw new TooManyRequestsError();
        }
        const request = await tx.save(tx.create(TrialRequest, data));
        await tx.insert(TrialRequestStatusChange, {
          requestId: request.id,
          actorId: data.userId,
          fromStatus: null,
          toStatus: TrialRequestStatus.NewRequest,
          note: '',
        });
        await tx.insert(FacilityProgress, { requestId: request.id });
        return request;
      });
    } catch (error) {
      throw withoutParameters(error, 'Creating a trial request');
    }
  }

  /** Sets the status and note and adds the history step; refuses a cancelled request. */
  async changeStatus(
    requestId: string,
    to: TrialRequestStatus,
    note: string,
    actorId: string,
  ): Promise<{ request: TrialRequest; from: TrialRequestStatus }> {
    try {
      return await this.dataSource.transaction(async (tx) => {
        const current = await tx.findOne(TrialRequest, {
          where: { id: requestId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!current) {
          throw new Error('The trial request disappeared');
        }
        if (current.status === TrialRequestStatus.Cancelled) {
          throw new RequestFinalError();
        }
        const from = current.status;
        current.status = to;
        current.comments = note;
        const request = await tx.save(current);
        await tx.insert(TrialRequestStatusChange, {
          requestId,
          actorId,
          fromStatus: from,
          toStatus: to,
          note,
        });
        return { request, from };
      });
    } catch (error) {
      throw withoutParameters(error, 'Changing a trial request status');
    }
  }
}
