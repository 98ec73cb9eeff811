import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import { registerModal } from '@/components/ui/modal-host';
import { paths } from '@/config/paths';
import { NotificationsPanel, type NotificationItem } from '@/features/notifications';
import { detailsHref } from '@/lib/details-link';
import {
  CANCEL_REQUEST_MODAL,
  CancelRequestModal,
  REQUEST_CONTACT_MODAL,
  RequestContactModal,
  TrialRequestsTable,
  UPDATE_STATUS_MODAL,
  UpdateStatusModal,
  type TrialRequestItem,
} from '@/features/trial-requests';
import { useStoredUser } from '@/lib/storage';

// The referral modals, for every screen that opens one.
registerModal(REQUEST_CONTACT_MODAL, RequestContactModal);
registerModal(CANCEL_REQUEST_MODAL, CancelRequestModal);
registerModal(UPDATE_STATUS_MODAL, UpdateStatusModal);

/** /details/{trialId}?requestID=…&q=…&facility=… (spec 01 §2); facility only when there is one. */
export function requestDetailsHref(request: TrialRequestItem): string {
  return detailsHref({
    nctId: request.trialId,
    form: request.questionnaire as Parameters<typeof detailsHref>[0]['form'],
    requestId: request._id,
    // Only a selected location's facility (spec 01 §2); 0 or none means no facility.
    facilityId: request.selectedLocation?.facility_id || null,
  });
}

/** A notification opens its request: clinops in the board's details, an HCP in the details. */
export function notificationHref(clinops: boolean) {
  return (n: NotificationItem): string =>
    clinops
      ? `${paths.detailsClinops(n.trialId)}?id=${encodeURIComponent(n.progressId)}`
      : `${paths.details(n.trialId)}?requestID=${encodeURIComponent(n.progressId)}`;
}

/** The notifications area of Home (desktop) for either role. */
export function HomeNotifications() {
  const user = useStoredUser();
  return <NotificationsPanel linkFor={notificationHref(Boolean(user?.clinopsuser))} />;
}

export function HomeTrialRequests() {
  return <TrialRequestsTable linkFor={requestDetailsHref} />;
}

/** The clinops Home: the way to the board. */
export function ClinopsHomeLinks() {
  const { t } = useTranslation();
  return (
    <Link className="button button--primary" to={paths.clinopsDashboard}>
      {t('requests.board.title')}
    </Link>
  );
}
