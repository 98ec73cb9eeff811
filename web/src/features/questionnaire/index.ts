export { QuestionnaireScreen } from './components/questionnaire-screen';
export type { QuestionnaireScreenProps } from './components/questionnaire-screen';
export {
  applyCascades,
  clearHiddenAnswers,
  DISEASE_CHANGE_CLEARS,
  DISEASE_CHANGED_EVENT,
  NEWLY_DIAGNOSED_CLEARS,
  prepareForm,
} from './cascades';
export type { DiseaseChangedDetail } from './cascades';
export { commitAnswers } from './answer';
export { QUESTIONS, questionsFor, visibleQuestions } from './schema';
export type { Question, QuestionGroup } from './schema';
export { stageFromTnm, TNM_STAGE_TABLE } from './tnm';
