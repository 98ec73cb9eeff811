export { ProfilePanel } from './components/profile-panel';
