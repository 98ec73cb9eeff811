import { saveQuestionnaire } from '@/api/sdk.gen';

/** The questionnaire as the API stores it: the answers plus its bookkeeping (_id, timestamp…). */
export type SavedQuestionnaire = Record<string, unknown>;

/**
 * POST /api/questionnaire (spec 02 §7 call 3, operation saveQuestionnaire): stores the answers of
 * this user (by the bearer token) or visitor (by sessionId) and answers `{ questionnaire }`.
 * The body is built from the form (see sync.ts): only answer fields, so the API's checks pass.
 */
export async function postQuestionnaire(
  body: Record<string, unknown>,
): Promise<SavedQuestionnaire> {
  const { data } = await saveQuestionnaire({
    body,
    throwOnError: true,
  });
  return data.questionnaire;
}
