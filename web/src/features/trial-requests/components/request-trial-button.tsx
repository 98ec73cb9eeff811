import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useModal } from '@/components/ui/modal-store';
import { paths } from '@/config/paths';
import { hasLoginFlag, useStoredUser } from '@/lib/storage';
import { REQUEST_CONTACT_MODAL } from '../modal-types';
import type { RequestContactModalProps } from './request-contact-modal';

/**
 * The details screen's request button: opens the contact modal for an HCP; a visitor without the
 * login marker goes to /login (spec 01 §5); clinops review requests and never send one.
 */
export function RequestTrialButton(props: RequestContactModalProps) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const user = useStoredUser();
  if (user?.clinopsuser) {
    return null;
  }
  const loggedIn = hasLoginFlag() && user !== null;
  return (
    <button
      type="button"
      className="button button--primary request-trial-button"
      disabled={props.sites.length === 0}
      onClick={() => {
        if (!hasLoginFlag()) {
          void navigate(paths.login);
          return;
        }
        openModal(REQUEST_CONTACT_MODAL, { ...props });
      }}
    >
      {loggedIn ? t('requests.contact.open') : t('requests.contact.loginToRequest')}
    </button>
  );
}
