export { FacilityBoard } from './components/facility-board';
