export { PatientSummaryPanel } from './components/patient-summary-panel';
export type { PatientSummaryPanelProps } from './components/patient-summary-panel';
export {
  displayAge,
  displayValue,
  isHiddenValue,
  isSearchableForm,
  summarizeForm,
  SUMMARY_LABELS,
  SUMMARY_SECTIONS,
} from './summary';
export type { PatientSummary, SummaryItem, SummarySection, SummaryValue } from './summary';
