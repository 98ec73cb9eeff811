export { TrialDetailsScreen, type TrialDetailsSlots } from './components/trial-details-screen';
export { unitLabel } from './labels';
