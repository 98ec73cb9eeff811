import type { PartnerResponseDto } from '@/api/types.gen';
import { useAppConfig } from './app-config';
import { STORAGE_KEYS, useStoredItem, useStoredUser } from './storage';

export type Partner = PartnerResponseDto;

/** The user's partner by userSource; an unknown source falls back to the default (spec 01 §1). */
export function resolvePartner(
  partners: Partner[],
  defaultUserSource: string,
  userSource?: string | null,
): Partner {
  const fallback =
    partners.find((p) => p.userSource === defaultUserSource) ?? partners.find((p) => p.isDefault);
  const found = userSource ? partners.find((p) => p.userSource === userSource) : undefined;
  const partner = found ?? fallback ?? partners[0];
  if (!partner) {
    throw new Error('The server sent no partner configuration');
  }
  return partner;
}

export function findPartnerByUrlParam(partners: Partner[], urlParam: string): Partner | undefined {
  return partners.find((p) => p.urlParam.toLowerCase() === urlParam.toLowerCase());
}

/** The logged-in user's partner, else the one chosen through /partner={urlParam}, else the default. */
export function usePartner(): Partner {
  const config = useAppConfig();
  const user = useStoredUser();
  const chosen = useStoredItem(STORAGE_KEYS.partnerSource);
  return resolvePartner(config.partners, config.defaultUserSource, user?.userSource ?? chosen);
}
