export { HomeSearchForm, hospitalSelectionCountries } from './components/home-search-form';
export { HospitalSelectionModal } from './components/hospital-selection-modal';
export type { HospitalSelectionModalProps } from './components/hospital-selection-modal';
