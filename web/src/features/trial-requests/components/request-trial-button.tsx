import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { useModal } from '@/components/ui/modal-store';
import { paths } from '@/config/paths';
import { hasLoginFlag, useStoredUser } from '@/lib/storage';
import { REQUEST_CONTACT_MODAL } from '../modal-types';
import type { ContactSite, RequestContactModalProps } from './request-contact-modal';

export interface RequestTrialButtonProps extends RequestContactModalProps {
  /** How many sites the trial has: `sites` may hold only the first of them. */
  sitesTotal: number;
  /** Every site, for the modal's list when `sites` holds only the first. */
  loadAllSites: () => Promise<ContactSite[]>;
}

/**
 * The details screen's request button: opens the contact modal for an HCP, with every site of the
 * trial to choose from (loaded first when the details came with only the nearest); a visitor
 * without the login marker goes to /login (spec 01 §5); clinops review requests and never send
 * one.
 */
export function RequestTrialButton({
  sitesTotal,
  loadAllSites,
  ...props
}: RequestTrialButtonProps) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const user = useStoredUser();
  const [loading, setLoading] = useState(false);
  if (user?.clinopsuser) {
    return null;
  }
  const loggedIn = hasLoginFlag() && user !== null;
  const open = async () => {
    let sites = props.sites;
    if (sites.length < sitesTotal) {
      setLoading(true);
      // When the others cannot be loaded, the doctor still chooses among the nearest.
      sites = await loadAllSites().catch(() => props.sites);
      setLoading(false);
    }
    openModal(REQUEST_CONTACT_MODAL, { ...props, sites });
  };
  return (
    <button
      type="button"
      className="button button--primary request-trial-button"
      disabled={sitesTotal === 0 || loading}
      aria-busy={loading}
      onClick={() => {
        if (!hasLoginFlag()) {
          void navigate(paths.login);
          return;
        }
        void open();
      }}
    >
      {loggedIn ? t('requests.contact.open') : t('requests.contact.loginToRequest')}
    </button>
  );
}
