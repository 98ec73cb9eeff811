import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { useModal } from '@/components/ui/modal-store';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { readUser } from '@/lib/storage';
import { useDeleteUser } from '../api/delete-user';
import { useIdentityClient } from '../identity-context';
import { resetSessionState } from '../session';
import './auth.css';

/**
 * Account deletion with a confirmation step: the product deletes its user (and the built-in
 * identity); with Cognito the user pool's identity is deleted through Amplify too. Then the
 * logout cleanup and home.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const identity = useIdentityClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const { mutateAsync: deleteUser } = useDeleteUser();

  const failed = (): void =>
    openModal('popup', {
      title: t('auth.deleteAccount.failedTitle'),
      text: t('auth.deleteAccount.failedText', { email: supportEmail }),
      primaryLabel: t('auth.common.ok'),
    });

  const remove = async (): Promise<void> => {
    const user = readUser();
    if (!user) {
      failed();
      return;
    }
    try {
      await deleteUser({ path: { userId: user._id } });
    } catch {
      failed();
      return;
    }
    if (identity.kind === 'cognito') {
      // The product cannot delete a user-pool identity; its own session can.
      await identity.deleteUser().catch(() => identity.forgetSession());
    } else {
      await identity.forgetSession();
    }
    resetSessionState(queryClient);
    await navigate(paths.home);
    openModal('popup', {
      title: t('auth.deleteAccount.doneTitle'),
      text: t('auth.deleteAccount.doneText'),
      primaryLabel: t('auth.common.ok'),
    });
  };

  const confirm = (): void =>
    openModal('popup', {
      title: t('auth.deleteAccount.confirmTitle'),
      text: t('auth.deleteAccount.confirmText'),
      primaryLabel: t('auth.deleteAccount.confirm'),
      onPrimary: remove,
    });

  return (
    <section className="panel panel--danger" aria-labelledby="delete-title">
      <h2 id="delete-title" className="panel__title">
        {t('auth.deleteAccount.title')}
      </h2>
      <p className="panel__text">{t('auth.deleteAccount.text')}</p>
      <button type="button" className="button button--danger" onClick={confirm}>
        {t('auth.deleteAccount.open')}
      </button>
    </section>
  );
}
