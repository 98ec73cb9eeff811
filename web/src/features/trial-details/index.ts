export { TrialDetailsScreen } from './components/trial-details-screen';
