import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { FacilityProgress } from './facility-progress.entity';

export type Card = FacilityProgress & { request: NonNullable<FacilityProgress['request']> };

@Injectable()
export class FacilityProgressRepository {
  constructor(
    @InjectRepository(FacilityProgress) private readonly cards: Repository<FacilityProgress>,
  ) {}

  /** The cards of these facilities' requests, newest request first. */
  async findByFacilityIds(facilityIds: number[]): Promise<Card[]> {
    if (facilityIds.length === 0) {
      return [];
    }
    return (await this.cards.find({
      where: { request: { facilityId: In(facilityIds) } },
      relations: { request: true },
      order: { request: { createdAt: 'DESC' }, id: 'ASC' },
    })) as Card[];
  }

  async findById(id: string): Promise<Card | null> {
    return (await this.cards.findOne({
      where: { id },
      relations: { request: true },
    })) as Card | null;
  }

  async save(card: Card): Promise<Card> {
    const { request, ...columns } = card;
    await this.cards.save(columns);
    const saved = (await this.findById(card.id)) as Card;
    return { ...saved, request: saved.request ?? request };
  }
}
