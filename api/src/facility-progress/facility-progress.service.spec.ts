import { BadRequestException } from '@nestjs/common';
import type { UpdateFacilityProgressDto } from './dto/facility-progress.dto';
import type { Card } from './facility-progress.repository';
import { applyBoardChange } from './facility-progress.service';

const card = (overrides: Partial<Card> = {}): Card =>
  ({
    id: 'c',
    requestId: 'r',
    reachedOut: true,
    initialDiscussion: false,
    infoNeeded: false,
    decisionMade: false,
    approved: null,
    updatedBy: null,
    ...overrides,
  }) as Card;

describe(applyBoardChange.name, () => {
  it('should change only the flags that are sent', () => {
    expect(applyBoardChange(card(), { info_needed: true })).toMatchObject({
      reachedOut: true,
      initialDiscussion: false,
      infoNeeded: true,
      decisionMade: false,
      approved: null,
    });
  });

  it('should record a decision with Decision Made and clear it when Decision Made is cleared', () => {
    const decided = applyBoardChange(card(), { decision_made: true, approved: true });
    expect(decided).toMatchObject({ decisionMade: true, approved: true });
    expect(applyBoardChange(decided, { decision_made: false })).toMatchObject({
      decisionMade: false,
      approved: null,
    });
    expect(applyBoardChange(decided, { approved: null })).toMatchObject({
      decisionMade: true,
      approved: null,
    });
  });

  it.each<UpdateFacilityProgressDto>([
    { approved: false },
    { decision_made: false, approved: true },
  ])('should refuse a decision without Decision Made (%j)', (dto) => {
    expect(() => applyBoardChange(card(), dto)).toThrow(BadRequestException);
  });
});
