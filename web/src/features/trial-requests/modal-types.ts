/** The modals of this feature, registered with the modal host from `app/`. */
export const REQUEST_CONTACT_MODAL = 'requestContact';
export const CANCEL_REQUEST_MODAL = 'cancelRequest';
export const UPDATE_STATUS_MODAL = 'updateStatus';
