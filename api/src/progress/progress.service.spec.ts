import { ConflictException, ForbiddenException, Logger, NotFoundException } from '@nestjs/common';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth/auth-user';
import type { EventsService } from '../events/events.service';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import { ProgressRepository, RequestFinalError, TooManyRequestsError } from './progress.repository';
import { MAX_REQUESTS_MESSAGE, ProgressService, TrialRequestChange } from './progress.service';
import type { TrialRequest } from './trial-request.entity';
import { TrialRequestStatus } from './trial-request-status';

const HCP: AuthUser = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'h@x.example',
  roles: ['hcp'],
  sessionId: '11111111-1111-4111-8111-111111111111',
};
const SITE: AuthUser = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 's@x.example',
  roles: ['clinops'],
  sessionId: '22222222-2222-4222-8222-222222222222',
};
const ELSEWHERE: AuthUser = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'e@x.example',
  roles: ['clinops'],
  sessionId: '33333333-3333-4333-8333-333333333333',
};
const REQUEST_ID = '44444444-4444-4444-8444-444444444444';

const stored = (user: AuthUser, facilityIds: number[]): User =>
  ({
    id: user.id,
    email: user.email,
    isClinops: user.roles.includes('clinops'),
    facilityIds,
    phoneNumber: '',
    country: '',
  }) as User;

const USERS: Record<string, User> = {
  [HCP.id]: stored(HCP, []),
  [SITE.id]: stored(SITE, [7]),
  [ELSEWHERE.id]: stored(ELSEWHERE, [8]),
};

function trialRequest(overrides: Partial<TrialRequest> = {}): TrialRequest {
  return {
    id: REQUEST_ID,
    userId: HCP.id,
    identifier: 'PAT-1',
    nctId: 'NCT01234567',
    trialName: 'A study',
    condition: 'lung_cancer',
    status: TrialRequestStatus.NewRequest,
    questionnaire: { type_of_disease: 'lung_cancer' },
    facilityId: 7,
    facilityName: 'Charité',
    email: 'h@x.example',
    phoneNumber: '',
    country: '',
    comments: '',
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

function setup(current: TrialRequest | null = trialRequest()) {
  const repo = {
    findById: jest.fn().mockResolvedValue(current),
    findTrialSite: jest
      .fn()
      .mockResolvedValue({ trialName: 'Stored title', facilityName: 'Charité' }),
    trialExists: jest.fn().mockResolvedValue(true),
    create: jest.fn((data: Partial<TrialRequest>) => Promise.resolve(trialRequest(data))),
    changeStatus: jest.fn((_id: string, to: TrialRequestStatus, note: string) =>
      Promise.resolve({
        request: trialRequest({ status: to, comments: note }),
        from: current!.status,
      }),
    ),
  };
  const users = { getById: jest.fn((id: string) => Promise.resolve(USERS[id])) };
  const audit = {
    record: jest.fn().mockResolvedValue(undefined),
    recordMany: jest.fn().mockResolvedValue(undefined),
  };
  const events = { publish: jest.fn().mockResolvedValue(undefined) };
  const service = new ProgressService(
    repo as unknown as ProgressRepository,
    users as unknown as UsersService,
    audit as unknown as AuditService,
    events as unknown as EventsService,
  );
  return { service, repo, audit, events };
}

const update = (progressStatus: TrialRequestStatus, message = 'A note') => ({
  progress: REQUEST_ID,
  progressStatus,
  message,
});

describe(ProgressService.name, () => {
  describe('findAccessible', () => {
    it('should give the request to its HCP and to clinops of its facility', async () => {
      const { service } = setup();
      await expect(service.findAccessible(HCP, REQUEST_ID)).resolves.toMatchObject({
        id: REQUEST_ID,
      });
      await expect(service.findAccessible(SITE, REQUEST_ID)).resolves.toMatchObject({
        id: REQUEST_ID,
      });
    });

    it('should answer 403 to clinops of another facility and to another HCP', async () => {
      const { service } = setup();
      await expect(service.findAccessible(ELSEWHERE, REQUEST_ID)).rejects.toBeInstanceOf(
        ForbiddenException,
      );
      await expect(
        service.findAccessible({ ...HCP, id: '55555555-5555-4555-8555-555555555555' }, REQUEST_ID),
      ).rejects.toBeInstanceOf(ForbiddenException);
    });

    it('should answer 403 to a former clinops user whose token still says clinops', async () => {
      const { service } = setup();
      USERS[ELSEWHERE.id] = { ...USERS[ELSEWHERE.id], facilityIds: [7], isClinops: false };
      try {
        await expect(service.findAccessible(ELSEWHERE, REQUEST_ID)).rejects.toBeInstanceOf(
          ForbiddenException,
        );
      } finally {
        USERS[ELSEWHERE.id] = stored(ELSEWHERE, [8]);
      }
    });

    it('should answer 404 for an unknown or malformed id without asking the database for the latter', async () => {
      const { service, repo } = setup(null);
      await expect(service.findAccessible(HCP, REQUEST_ID)).rejects.toBeInstanceOf(
        NotFoundException,
      );
      await expect(service.findAccessible(HCP, 'x')).rejects.toBeInstanceOf(NotFoundException);
      expect(repo.findById).toHaveBeenCalledTimes(1);
    });
  });

  describe('update', () => {
    it.each(['waitlist', 'inReview', 'accepted', 'enrolled', 'rejected'] as TrialRequestStatus[])(
      'should let the site set %s and tell the listeners',
      async (status) => {
        const { service, repo, events } = setup(
          trialRequest({ status: TrialRequestStatus.Accepted }),
        );
        const changes: TrialRequestChange[] = [];
        service.onChange((c) => Promise.resolve(void changes.push(c)));
        const result = await service.update(SITE, SITE.id, update(status), '10.0.0.1');
        expect(result.status).toBe(status);
        expect(repo.changeStatus).toHaveBeenCalledWith(REQUEST_ID, status, 'A note', SITE.id);
        expect(changes).toEqual([
          expect.objectContaining({ from: TrialRequestStatus.Accepted, actorId: SITE.id }),
        ]);
        expect(events.publish).toHaveBeenCalledWith(
          expect.objectContaining({
            userIds: [HCP.id],
            facilityId: 7,
            data: { progressId: REQUEST_ID, status },
          }),
        );
      },
    );

    it('should refuse a status change by the HCP and a cancel by the site', async () => {
      const { service, repo } = setup();
      await expect(
        service.update(HCP, HCP.id, update(TrialRequestStatus.Accepted), ''),
      ).rejects.toThrow('Only the trial site may change the status of a request.');
      await expect(
        service.update(SITE, SITE.id, update(TrialRequestStatus.Cancelled), ''),
      ).rejects.toThrow('Only the requesting physician may cancel a trial request.');
      expect(repo.changeStatus).not.toHaveBeenCalled();
    });

    it('should answer 409 once the request is cancelled and tell no listener', async () => {
      const { service, repo } = setup(trialRequest({ status: TrialRequestStatus.Cancelled }));
      repo.changeStatus.mockRejectedValue(new RequestFinalError());
      const listener = jest.fn();
      service.onChange(listener);
      await expect(
        service.update(SITE, SITE.id, update(TrialRequestStatus.Accepted), ''),
      ).rejects.toBeInstanceOf(ConflictException);
      expect(listener).not.toHaveBeenCalled();
    });

    it('should keep the change when a listener fails', async () => {
      const { service } = setup();
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      service.onChange(() => Promise.reject(new Error('mail server down')));
      await expect(
        service.update(HCP, HCP.id, update(TrialRequestStatus.Cancelled), ''),
      ).resolves.toMatchObject({
        status: TrialRequestStatus.Cancelled,
      });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ requestId: REQUEST_ID }),
        'A trial request listener failed',
      );
      logged.mockRestore();
    });

    it('should refuse another user id in the path before touching anything', async () => {
      const { service, repo } = setup();
      await expect(
        service.update(HCP, SITE.id, update(TrialRequestStatus.Cancelled), ''),
      ).rejects.toBeInstanceOf(ForbiddenException);
      expect(repo.findById).not.toHaveBeenCalled();
    });
  });

  describe('create', () => {
    const body = {
      userId: HCP.id,
      identifier: 'PAT-1',
      trialId: 'NCT01234567',
      questionnaire: { type_of_disease: 'lung_cancer' },
      selectedLocation: { facility_id: 7 },
      consent: true,
    };

    it('should take the trial name from the store and default the contact fields to the account', async () => {
      const { service, repo, audit } = setup();
      await service.create(HCP, { ...body, trialName: 'Made up' }, '10.0.0.1');
      expect(repo.create).toHaveBeenCalledWith(
        expect.objectContaining({
          trialName: 'Stored title',
          facilityName: 'Charité',
          email: HCP.email,
        }),
      );
      expect(audit.record).toHaveBeenCalledWith(
        expect.objectContaining({
          action: 'request.create',
          ip: '10.0.0.1',
          detail: { nctId: 'NCT01234567', facilityId: 7 },
        }),
      );
    });

    it('should answer 409 with the maximum-reached message when the repository is full', async () => {
      const { service, repo } = setup();
      repo.create.mockRejectedValue(new TooManyRequestsError());
      await expect(service.create(HCP, body, '')).rejects.toMatchObject({
        response: {
          statusCode: 409,
          message: MAX_REQUESTS_MESSAGE,
          errors: { progress: 'maxRequestsReached' },
        },
      });
    });

    it('should refuse a questionnaire over 20 kB', async () => {
      const { service } = setup();
      const questionnaire = { type_of_disease: 'lung_cancer', notes: 'x'.repeat(20_001) };
      await expect(service.create(HCP, { ...body, questionnaire }, '')).rejects.toMatchObject({
        response: { errors: { questionnaire: 'maxSize' } },
      });
    });
  });
});
