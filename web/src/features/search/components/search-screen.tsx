import type { ReactNode } from 'react';
import { SearchPage } from './search-page';

/** /search: the trials for the patient form's answers, place and radius. */
export function SearchScreen({ patientPanel }: { patientPanel?: ReactNode }) {
  return <SearchPage mode="patient" patientPanel={patientPanel} />;
}
