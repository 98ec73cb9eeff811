import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FacilityBoard } from '@/features/facility-board';
import { NotificationsPanel } from '@/features/notifications';
import { registerModal } from '@/components/ui/modal-host';
import {
  MedicalFilesSection,
  UPLOAD_FILES_MODAL,
  UploadFilesModal,
} from '@/features/medical-files';
import { PatientSummaryPanel } from '@/features/patient-summary';
import { useAppConfig } from '@/lib/app-config';
import { usePatientForm, type PatientForm } from '@/lib/patient-form';
import { decodeQuestionnaire, encodeQuestionnaire } from '@/lib/details-link';
import { TrialDetailsScreen, unitLabel } from '@/features/trial-details';
import {
  RequestPanel,
  RequestTrialButton,
  TrialRequestsMobileScreen,
  useTrialRequest,
} from '@/features/trial-requests';
import { useStoredUser, writeItem } from '@/lib/storage';
import { notificationHref, requestDetailsHref } from './referral-lists';

registerModal(UPLOAD_FILES_MODAL, UploadFilesModal);

/**
 * The Patient Information panel of a loaded request (spec 01 §2), with its Medical Files section
 * when file upload is enabled.
 */
function RequestPatientPanel({
  requestId,
  form,
  editable,
}: {
  requestId: string;
  form: Record<string, unknown>;
  editable: boolean;
}) {
  const config = useAppConfig();
  return (
    <PatientSummaryPanel
      form={form as PatientForm}
      editable={editable}
      medicalFiles={
        config.features.fileUpload ? <MedicalFilesSection requestId={requestId} /> : undefined
      }
    />
  );
}

/** Clinops see the answers the request was sent with. */
function ClinopsPatientPanel({ requestId }: { requestId: string }) {
  const request = useTrialRequest(requestId);
  if (!request.data) {
    return null;
  }
  return (
    <RequestPatientPanel requestId={requestId} form={request.data.questionnaire} editable={false} />
  );
}

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
      headerAction={(trial, facility, allSites) =>
        requestId ? null : (
          <RequestTrialButton
            nctId={trial.nctId}
            trialName={trial.briefTitle || trial.officialTitle || trial.nctId}
            sites={trial.sites}
            sitesTotal={trial.sitesTotal}
            loadAllSites={allSites}
            facility={facility}
            questionnaire={questionnaire}
            unitLabel={unitLabel(t, trial.unit)}
          />
        )
      }
      top={() =>
        requestId && user ? (
          <RequestPanel requestId={requestId} role={user.clinopsuser ? 'clinops' : 'hcp'} />
        ) : null
      }
      aside={() =>
        requestId && user ? (
          user.clinopsuser ? (
            <ClinopsPatientPanel requestId={requestId} />
          ) : (
            <RequestPatientPanel requestId={requestId} form={questionnaire} editable />
          )
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
      top={() => (requestId ? <RequestPanel requestId={requestId} role="clinops" /> : null)}
      aside={() => (requestId ? <ClinopsPatientPanel requestId={requestId} /> : null)}
    />
  );
}
