import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FacilityBoard } from '@/features/facility-board';
import { NotificationsPanel } from '@/features/notifications';
import { usePatientForm } from '@/lib/patient-form';
import { decodeQuestionnaire, encodeQuestionnaire } from '@/features/search';
import { TrialDetailsScreen, unitLabel } from '@/features/trial-details';
import {
  RequestPanel,
  RequestTrialButton,
  TrialRequestsMobileScreen,
  useTrialRequest,
} from '@/features/trial-requests';
import { useStoredUser, writeItem } from '@/lib/storage';
import { notificationHref, requestDetailsHref } from './referral-lists';

/** /trialrequestsmobile. */
export function TrialRequestsMobileRoute() {
  return (
    <TrialRequestsMobileScreen
      linkFor={requestDetailsHref}
      onOpen={(request) => writeItem(CURRENT_REQUEST_KEY, request._id)}
    />
  );
}

/** The request the HCP opened last from the mobile list (spec 01 §2 "the current one"). */
const CURRENT_REQUEST_KEY = 'currentRequestId';

/** /mobilenotifications. */
export function MobileNotificationsRoute() {
  const user = useStoredUser();
  return (
    <div className="notifications-page">
      <NotificationsPanel linkFor={notificationHref(Boolean(user?.clinopsuser))} headingLevel={1} />
    </div>
  );
}

/** /clinops/dashboard. */
export function FacilityBoardRoute() {
  return <FacilityBoard />;
}

function requestQuestionnaire(
  q: string | null,
  form: Record<string, unknown>,
): Record<string, unknown> {
  if (q) {
    try {
      return decodeQuestionnaire(q);
    } catch {
      // A damaged link: the answers on this device are the next best thing.
    }
  }
  return form;
}

/**
 * A request opened without its answers (from a notification) gets them from the request, so
 * the details evaluate the trial for that patient: the link is completed in place.
 */
function useRequestAnswersInLink(requestId: string | null): void {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const request = useTrialRequest(params.get('q') ? '' : (requestId ?? ''));
  const data = request.data;
  useEffect(() => {
    if (!data || params.get('q')) {
      return;
    }
    const next = new URLSearchParams(params);
    next.set(
      'q',
      encodeQuestionnaire(data.questionnaire as Parameters<typeof encodeQuestionnaire>[0]),
    );
    if (!next.has('facility') && data.selectedLocation.facility_id) {
      next.set('facility', String(data.selectedLocation.facility_id));
    }
    void navigate(`${pathname}?${next.toString()}`, { replace: true });
  }, [data, params, pathname, navigate]);
}

/** /details/{id}: the trial, the request button for HCPs and the request it was opened for. */
export function DetailsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const form = usePatientForm();
  const user = useStoredUser();
  const requestId = params.get('requestID');
  useRequestAnswersInLink(user ? requestId : null);
  const questionnaire = requestQuestionnaire(params.get('q'), form);
  return (
    <TrialDetailsScreen
      headerAction={(trial, facility) =>
        requestId ? null : (
          <RequestTrialButton
            nctId={trial.nctId}
            trialName={trial.briefTitle || trial.officialTitle || trial.nctId}
            sites={trial.sites}
            facility={facility}
            questionnaire={questionnaire}
            unitLabel={unitLabel(t, trial.unit)}
          />
        )
      }
      aside={() =>
        requestId && user ? (
          <RequestPanel requestId={requestId} role={user.clinopsuser ? 'clinops' : 'hcp'} />
        ) : null
      }
    />
  );
}

/** /details/clinops/{trialId}?id={requestId}: opened from the board in a new window. */
export function ClinopsDetailsRoute() {
  const [params] = useSearchParams();
  const requestId = params.get('id');
  useRequestAnswersInLink(requestId);
  return (
    <TrialDetailsScreen
      aside={() => (requestId ? <RequestPanel requestId={requestId} role="clinops" /> : null)}
    />
  );
}
