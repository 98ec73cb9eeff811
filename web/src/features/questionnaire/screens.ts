export { QuestionnaireScreen } from './components/questionnaire-screen';
