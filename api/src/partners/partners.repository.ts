import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Partner } from './partner.entity';

@Injectable()
export class PartnersRepository {
  constructor(@InjectRepository(Partner) private readonly repo: Repository<Partner>) {}

  findAll(): Promise<Partner[]> {
    return this.repo.find({ order: { isDefault: 'DESC', userSource: 'ASC' } });
  }

  findByUserSource(userSource: string): Promise<Partner | null> {
    return this.repo.findOneBy({ userSource });
  }

  findDefault(): Promise<Partner | null> {
    return this.repo.findOneBy({ isDefault: true });
  }
}
