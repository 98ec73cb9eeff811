import { REQUEST_IDENTIFIER } from '@trialflow/contract';
import type { FormSchema } from '@/lib/form-schema';

/** Spec 01 §9: the identifier is under 20 characters; a note or explanation at most 500. */
export const IDENTIFIER_MAX = 19;
export const NOTE_MAX = 500;
/** Spec 01 §9: the 51st request is refused. */
export const MAX_REQUESTS = 50;

export interface ContactValues {
  identifier: string;
  facilityId: string;
  consent: boolean;
}

/** Spec 01 §5 contact modal. */
export const contactSchema: FormSchema<ContactValues> = {
  identifier: {
    required: 'requests.contact.identifierRequired',
    custom: (value) => [
      ...(Array.from(value.trim()).length > IDENTIFIER_MAX
        ? ['requests.contact.identifierTooLong']
        : []),
      ...(REQUEST_IDENTIFIER.test(value.trim()) ? [] : ['requests.contact.identifierChars']),
    ],
  },
  facilityId: { required: 'requests.contact.siteRequired' },
  consent: { required: 'requests.contact.consentRequired' },
};

export interface NoteValues {
  note: string;
}

const noteLength = (key: string) => (value: string) =>
  Array.from(value.trim()).length > NOTE_MAX ? [key] : [];

/** Spec 01 §5 cancel request: an explanation, at most 500 characters. */
export const cancelSchema: FormSchema<NoteValues> = {
  note: { required: 'requests.cancel.required', custom: noteLength('requests.cancel.tooLong') },
};

/** Spec 01 §5 update status: a note, at most 500 characters. */
export const updateStatusSchema: FormSchema<NoteValues> = {
  note: { required: 'requests.update.required', custom: noteLength('requests.update.tooLong') },
};
