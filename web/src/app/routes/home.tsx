import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { registerModal } from '@/components/ui/modal-host';
import { HOSPITAL_SELECTION_MODAL } from '@/components/ui/modal-types';
import { Spinner } from '@/components/ui/spinner';
import { HomeSearchForm, HospitalSelectionModal } from '@/features/home-search';
import { useStoredUser } from '@/lib/storage';
import './home.css';

registerModal(HOSPITAL_SELECTION_MODAL, HospitalSelectionModal);

// The referral parts load after the search form: Home is the first screen most users see.
const HomeNotifications = lazy(async () => ({
  default: (await import('./referral-lists')).HomeNotifications,
}));
const HomeTrialRequests = lazy(async () => ({
  default: (await import('./referral-lists')).HomeTrialRequests,
}));
const ClinopsHomeLinks = lazy(async () => ({
  default: (await import('./referral-lists')).ClinopsHomeLinks,
}));

/**
 * Home: welcome with the first name; HCPs see 'Find clinical trials for your patients', the search
 * form, the notifications area and the trial requests list; clinops 'Manage patient referrals for
 * your trials.', the way to their board and their notifications (spec 01 §1, §2 Home). On a
 * phone the notifications and requests have their own screens in the bottom navigation.
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
      <Suspense fallback={<Spinner />}>
        {clinops ? (
          <div className="home__clinops">
            <ClinopsHomeLinks />
          </div>
        ) : null}
        <div className="home__referrals">
          <div className="home__notifications">
            <HomeNotifications />
          </div>
          {clinops ? null : (
            <div className="home__requests">
              <HomeTrialRequests />
            </div>
          )}
        </div>
      </Suspense>
    </section>
  );
}
