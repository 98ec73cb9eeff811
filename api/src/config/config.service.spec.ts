import type { Partner } from '../partners/partner.entity';
import type { PartnersService } from '../partners/partners.service';
import { AppConfigService, CONFIG_DATABASE_WAIT_MS } from './config.service';
import { validateEnv } from './env';

const partner = (userSource: string, isDefault = false): Partner =>
  ({
    userSource,
    isDefault,
    name: userSource,
    urlParam: userSource,
    cssClassOverride: '',
    conditions: [],
  }) as unknown as Partner;

/** A config service whose partner list comes from `list` (the database). */
function serviceWith(list: () => Promise<Partner[]>): AppConfigService {
  const partners: Pick<PartnersService, 'list'> = { list };
  return new AppConfigService(validateEnv({ NODE_ENV: 'test' }), partners as PartnersService);
}

const refused = (): Promise<Partner[]> =>
  Promise.reject(
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }),
  );

describe(AppConfigService.name, () => {
  afterEach(() => jest.useRealTimers());

  it('should answer the last good copy while the database is unreachable', async () => {
    let list: () => Promise<Partner[]> = () => Promise.resolve([partner('ancora_hcp', true)]);
    const service = serviceWith(() => list());
    const good = await service.getRuntimeConfig();
    expect(good.partners.map((p) => p.userSource)).toEqual(['ancora_hcp']);

    list = refused;
    await expect(service.getRuntimeConfig()).resolves.toEqual(good);
  });

  it('should answer fresh data again once the database is back', async () => {
    let list: () => Promise<Partner[]> = () => Promise.resolve([partner('ancora_hcp', true)]);
    const service = serviceWith(() => list());
    await service.getRuntimeConfig();
    list = refused;
    await service.getRuntimeConfig();

    list = () => Promise.resolve([partner('ancora_hcp', true), partner('breast_cancer_partner')]);
    const fresh = await service.getRuntimeConfig();
    expect(fresh.partners.map((p) => p.userSource)).toEqual([
      'ancora_hcp',
      'breast_cancer_partner',
    ]);
  });

  it('should not wait longer than its limit for a database that hangs', async () => {
    let list: () => Promise<Partner[]> = () => Promise.resolve([partner('ancora_hcp', true)]);
    const service = serviceWith(() => list());
    const good = await service.getRuntimeConfig();
    list = () => new Promise<Partner[]>(() => undefined);
    jest.useFakeTimers();
    const answer = service.getRuntimeConfig();
    await jest.advanceTimersByTimeAsync(CONFIG_DATABASE_WAIT_MS);
    await expect(answer).resolves.toEqual(good);
  });

  it('should not hide a fault that is no outage (a missing table) behind the copy', async () => {
    let list: () => Promise<Partner[]> = () => Promise.resolve([partner('ancora_hcp', true)]);
    const service = serviceWith(() => list());
    await service.getRuntimeConfig();
    list = () =>
      Promise.reject(
        Object.assign(new Error('relation "partner" does not exist'), { code: '42P01' }),
      );
    await expect(service.getRuntimeConfig()).rejects.toMatchObject({ code: '42P01' });
  });

  it('should fail when the database never answered (no copy to fall back on)', async () => {
    await expect(serviceWith(refused).getRuntimeConfig()).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
