import { InternalServerErrorException } from '@nestjs/common';
import type { Partner } from './partner.entity';
import type { PartnersRepository } from './partners.repository';
import { PartnersService } from './partners.service';

const partner = (userSource: string, isDefault = false): Partner =>
  ({ userSource, isDefault, name: userSource }) as Partner;

function serviceWith(partners: Partner[]): PartnersService {
  const repo: Pick<PartnersRepository, 'findAll' | 'findByUserSource' | 'findDefault'> = {
    findAll: () => Promise.resolve(partners),
    findByUserSource: (s) => Promise.resolve(partners.find((p) => p.userSource === s) ?? null),
    findDefault: () => Promise.resolve(partners.find((p) => p.isDefault) ?? null),
  };
  return new PartnersService(repo as PartnersRepository);
}

describe(PartnersService.name, () => {
  const service = serviceWith([partner('ancora_hcp', true), partner('breast_cancer_partner')]);

  it('should find a known source', async () => {
    expect((await service.resolve('breast_cancer_partner')).userSource).toBe(
      'breast_cancer_partner',
    );
  });

  it('should fall back to the default for an unknown or missing source', async () => {
    expect((await service.resolve('unknown')).userSource).toBe('ancora_hcp');
    expect((await service.resolve(undefined)).userSource).toBe('ancora_hcp');
    expect((await service.resolve('')).userSource).toBe('ancora_hcp');
  });

  it('should fail loudly when no default partner exists', async () => {
    await expect(serviceWith([partner('x')]).resolve('y')).rejects.toBeInstanceOf(
      InternalServerErrorException,
    );
  });
});
