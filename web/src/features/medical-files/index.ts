export { MedicalFilesSection } from './components/medical-files-section';
export { UploadFilesModal, type UploadState } from './components/upload-files-modal';
export { UPLOAD_FILES_MODAL } from './modal-types';
