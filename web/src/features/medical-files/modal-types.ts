/** The Upload Files modal; registered from `app/routes/referrals.tsx`. */
export const UPLOAD_FILES_MODAL = 'uploadFiles';
