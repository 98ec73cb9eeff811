import { paths } from '@/config/paths';
import { answeredFields, type PatientForm } from '@/lib/patient-form';

/**
 * Links to a trial's details, shared by the results, the details and the referral lists (in lib/,
 * not the search feature: importing the feature's index pulled the search screen's code and CSS
 * into every screen that lists requests).
 */

/** Bookkeeping a details link leaves out of the questionnaire (spec 02 §7 call 6). */
export const DETAILS_LINK_OMITTED = ['timestamp', '__v', '_id', 'userId', 'sessionId'] as const;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Every result card links with the same answers: encoded once per form object (the forms are
 * never changed in place; the store makes a new one on every answer).
 */
const encodedForms = new WeakMap<PatientForm, string>();

/**
 * The questionnaire for a details link: its answered fields as JSON, UTF-8, base64 (spec 02 §7
 * call 6). The API decodes base64 (standard or URL-safe) to UTF-8 JSON, so any script survives.
 */
export function encodeQuestionnaire(form: PatientForm): string {
  let encoded = encodedForms.get(form);
  if (encoded === undefined) {
    encoded = encode(form);
    encodedForms.set(form, encoded);
  }
  return encoded;
}

function encode(form: PatientForm): string {
  const answers = answeredFields(form);
  for (const name of DETAILS_LINK_OMITTED) {
    delete answers[name];
  }
  return bytesToBase64(new TextEncoder().encode(JSON.stringify(answers)));
}

/** The inverse of encodeQuestionnaire. */
export function decodeQuestionnaire(q: string): PatientForm {
  const binary = atob(q.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as PatientForm;
}

export interface DetailsLinkOptions {
  nctId: string;
  /** The answers the details evaluate the trial for. */
  form: PatientForm;
  /** The progress request the details belong to, when there is one. */
  requestId?: string | null;
  /** The facility of the selected location, put first among the sites. */
  facilityId?: number | string | null;
}

/** /details/{nctId}?requestID=…&q=…&facility=… (spec 01 §2, spec 02 §2). */
export function detailsHref({ nctId, form, requestId, facilityId }: DetailsLinkOptions): string {
  const params = new URLSearchParams();
  if (requestId) {
    params.set('requestID', requestId);
  }
  params.set('q', encodeQuestionnaire(form));
  if (facilityId !== null && facilityId !== undefined && String(facilityId) !== '') {
    params.set('facility', String(facilityId));
  }
  return `${paths.details(nctId)}?${params.toString()}`;
}
