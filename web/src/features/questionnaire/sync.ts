import { isAnswerField } from '@trialflow/contract';
import { dispatchForm, getForm, isAnswered, type PatientForm } from '@/lib/patient-form';
import { ensureSessionId, readItem, STORAGE_KEYS } from '@/lib/storage';
import { postQuestionnaire, type SavedQuestionnaire } from './api/save-questionnaire';

/**
 * Keeps the server's copy of the questionnaire in step with the form (spec 02 §4 last cascade
 * bullet, §7 call 3): after every change that is not typing, the whole form is posted.
 *
 * - One call at a time: a change made while a call is out is sent once it returns, with the form
 *   as it is then, so the server never ends with an older form than the last one sent.
 * - The answer's questionnaire does not replace the form (spec: "replaces the form"): the user may
 *   have changed answers since it was sent, and the form is the truth for them. Only the server's
 *   bookkeeping (BOOKKEEPING_FIELDS) is taken from it.
 * - A failed call is logged only (spec 02 §8); the next change sends the whole form again.
 */

/** Fields only the server sets. */
export const BOOKKEEPING_FIELDS = ['_id', '__v', 'timestamp', 'createdAt', 'updatedAt'] as const;

/** Who is asking: set by the sender, not taken from the form. */
const IDENTITY_FIELDS = new Set(['userId', 'sessionId', 'userSource']);

export interface SyncContext {
  userSource: string;
}

export interface Sender {
  userSource: string;
  /** The signed-in user's id; null for a guest, who is known by the session id. */
  userId: string | null;
  sessionId: string;
}

/**
 * The body of POST /api/questionnaire: the answered questionnaire fields (empty strings and empty
 * lists removed), the userSource, and the userId, or the session id for a guest (spec 02 §6).
 */
export function questionnaireBody(form: PatientForm, sender: Sender): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    if (!isAnswerField(name) || IDENTITY_FIELDS.has(name) || !isAnswered(value)) {
      continue;
    }
    if (typeof value === 'string' && value.trim() === '') {
      continue;
    }
    body[name] = value;
  }
  if (sender.userSource) {
    body.userSource = sender.userSource;
  }
  if (sender.userId) {
    body.userId = sender.userId;
  } else {
    body.sessionId = sender.sessionId;
  }
  return body;
}

function currentSender(context: SyncContext): Sender {
  return {
    userSource: context.userSource,
    userId: readItem(STORAGE_KEYS.userId),
    sessionId: ensureSessionId(),
  };
}

/** Takes the server's bookkeeping into the form; the answers stay as the user left them. */
export function mergeBookkeeping(saved: SavedQuestionnaire): void {
  const form = getForm();
  const values: PatientForm = {};
  for (const name of BOOKKEEPING_FIELDS) {
    const value = saved[name];
    if ((typeof value === 'string' || typeof value === 'number') && form[name] !== value) {
      values[name] = value;
    }
  }
  if (Object.keys(values).length > 0) {
    dispatchForm({ type: 'setMany', values });
  }
}

let pending = false;
let inFlight = false;
let context: SyncContext = { userSource: '' };

function pump(): void {
  if (inFlight || !pending) {
    return;
  }
  pending = false;
  inFlight = true;
  const body = questionnaireBody(getForm(), currentSender(context));
  void postQuestionnaire(body)
    .then(mergeBookkeeping, (error: unknown) => {
      // eslint-disable-next-line no-console -- spec 02 §8: a failed sync is logged, not shown
      console.warn('Saving the questionnaire failed', error);
    })
    .finally(() => {
      inFlight = false;
      pump();
    });
}

/** Sends the form as it is (now, or when the call out returns). */
export function requestQuestionnaireSync(next: SyncContext): void {
  context = next;
  pending = true;
  pump();
}

/** For tests: forget a queued or running call. */
export function resetQuestionnaireSyncForTests(): void {
  pending = false;
  inFlight = false;
}
