import { useTranslation } from 'react-i18next';
import { registerModal } from '@/components/ui/modal-host';
import { HOSPITAL_SELECTION_MODAL } from '@/components/ui/modal-types';
import { HomeSearchForm, HospitalSelectionModal } from '@/features/home-search';
import { useStoredUser } from '@/lib/storage';
import './home.css';

registerModal(HOSPITAL_SELECTION_MODAL, HospitalSelectionModal);

/**
 * Home: welcome with the first name; HCPs see 'Find clinical trials for your patients' and the
 * search form, clinops 'Manage patient referrals for your trials.' and no form (spec 01 §1, §2 Home).
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const clinops = Boolean(user?.clinopsuser);
  return (
    <section className="home">
      <p className="home__welcome">{t('common.home.welcome', { name: user?.firstName ?? '' })}</p>
      <h1 className="home__title">
        {clinops ? t('common.home.clinopsTitle') : t('common.home.hcpTitle')}
      </h1>
      <p className="home__lead">
        {clinops ? t('common.home.clinopsLead') : t('common.home.hcpLead')}
      </p>
      {clinops ? null : <HomeSearchForm />}
    </section>
  );
}
