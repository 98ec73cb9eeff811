import { Injectable, InternalServerErrorException } from '@nestjs/common';
import { Partner } from './partner.entity';
import { PartnersRepository } from './partners.repository';

export const DEFAULT_USER_SOURCE = 'ancora_hcp';

@Injectable()
export class PartnersService {
  constructor(private readonly partners: PartnersRepository) {}

  list(): Promise<Partner[]> {
    return this.partners.findAll();
  }

  /** The partner of a userSource; an unknown or missing source gets the default partner. */
  async resolve(userSource?: string | null): Promise<Partner> {
    if (userSource) {
      const found = await this.partners.findByUserSource(userSource);
      if (found) {
        return found;
      }
    }
    const fallback = await this.partners.findDefault();
    if (!fallback) {
      // The seed migration creates it; missing means the database was tampered with.
      throw new InternalServerErrorException('No default partner is configured');
    }
    return fallback;
  }
}
