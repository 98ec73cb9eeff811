/** The statuses of a trial request (spec 01 §4); the API sends these strings. */
export enum TrialRequestStatus {
  NewRequest = 'newRequest',
  Waitlist = 'waitlist',
  InReview = 'inReview',
  Accepted = 'accepted',
  Rejected = 'rejected',
  Enrolled = 'enrolled',
  Cancelled = 'cancelled',
}

/** What clinops of the request's site may set, from any status but cancelled. */
export const CLINOPS_STATUSES: readonly TrialRequestStatus[] = [
  TrialRequestStatus.Waitlist,
  TrialRequestStatus.InReview,
  TrialRequestStatus.Accepted,
  TrialRequestStatus.Enrolled,
  TrialRequestStatus.Rejected,
];

/** The most requests one user may have (spec 01 §9). */
export const MAX_TRIAL_REQUESTS = 50;
/** A note or an explanation (spec 01 §5). */
export const NOTE_MAX = 500;
/** The identifier is "under 20 characters" (spec 01 §5). */
export const IDENTIFIER_MAX = 19;
