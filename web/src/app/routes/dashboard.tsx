import { lazy, Suspense } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { ChangePasswordSection, DeleteAccountSection } from '@/features/identity/screens';
import { ProfilePanel } from '@/features/profile';
import { useStoredUser } from '@/lib/storage';
import './dashboard.css';

// Loaded beside the profile: the account settings show without waiting for the requests.
const HomeTrialRequests = lazy(async () => ({
  default: (await import('./referral-lists')).HomeTrialRequests,
}));
const ClinopsHomeLinks = lazy(async () => ({
  default: (await import('./referral-lists')).ClinopsHomeLinks,
}));

/** The profile and the account settings, shared by /dashboard and /dashboard/profile. */
function AccountColumn({ profileTitle }: { profileTitle?: string }) {
  return (
    <div className="dashboard__account">
      <ProfilePanel title={profileTitle} />
      <ChangePasswordSection />
      <DeleteAccountSection />
    </div>
  );
}

/** /dashboard (spec 01 §2): the user profile and, in a separate section, the trial requests. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const clinops = Boolean(useStoredUser()?.clinopsuser);
  return (
    <div className="dashboard">
      <h1 className="dashboard__title">{t('common.screens.dashboard')}</h1>
      <div className="dashboard__layout">
        <AccountColumn />
        <div className="dashboard__requests">
          <Suspense fallback={null}>
            {clinops ? (
              <section className="panel" aria-labelledby="dashboard-requests-title">
                <h2 id="dashboard-requests-title" className="panel__title">
                  {t('profile.dashboard.requestsTitle')}
                </h2>
                <ClinopsHomeLinks />
              </section>
            ) : (
              <HomeTrialRequests />
            )}
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/** /dashboard/profile: the mobile profile target. */
export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <div className="dashboard dashboard--profile">
      <h1 className="dashboard__title">{t('common.screens.profile')}</h1>
      {/* The page is 'My profile' already: the panel names its content. */}
      <AccountColumn profileTitle={t('profile.details')} />
    </div>
  );
}
