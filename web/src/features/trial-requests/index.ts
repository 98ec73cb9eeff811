export { CancelRequestModal, UpdateStatusModal } from './components/note-modals';
export { RequestContactModal, type ContactSite } from './components/request-contact-modal';
export {
  TrialRequestsMobileScreen,
  TrialRequestsTable,
  type RequestLinkBuilder,
} from './components/request-lists';
export { RequestPanel } from './components/request-panel';
export { RequestTrialButton } from './components/request-trial-button';
export type { TrialRequestItem } from './api/get-trial-requests';
export { CANCEL_REQUEST_MODAL, REQUEST_CONTACT_MODAL, UPDATE_STATUS_MODAL } from './modal-types';
export { useTrialRequest } from './api/get-trial-request';
