import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PARTNER_PATH, paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { findPartnerByUrlParam } from '@/lib/partner';
import { STORAGE_KEYS, writeItem } from '@/lib/storage';

/**
 * Anything unknown goes to /. `/partner={urlParam}` (where login lands) first selects that
 * partner's brand, then lands on its home page.
 */
export function CatchAllRoute() {
  const { pathname } = useLocation();
  const config = useAppConfig();
  const match = PARTNER_PATH.exec(pathname);
  const partner = match ? findPartnerByUrlParam(config.partners, match[1]) : undefined;

  useEffect(() => {
    if (partner) {
      writeItem(STORAGE_KEYS.partnerSource, partner.userSource);
    }
  }, [partner]);

  return <Navigate to={paths.home} replace />;
}
