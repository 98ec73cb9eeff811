import type { FormSchema } from '@/lib/form-schema';

/** The home search form. `place` is the label of the place picked from the suggestions. */
export interface HomeSearchValues {
  type_of_disease: string;
  /** What the location box shows. */
  location: string;
  /** Set only by picking a suggestion; typing clears it (spec 02 §5). */
  place: string;
}

export const HOME_SEARCH_MESSAGES = {
  condition: 'home.validation.condition',
  location: 'home.validation.location',
} as const;

/** Spec 02 §5: a condition and a location picked from suggestions are needed. */
export const homeSearchSchema: FormSchema<HomeSearchValues> = {
  type_of_disease: { required: HOME_SEARCH_MESSAGES.condition },
  place: { required: HOME_SEARCH_MESSAGES.location },
};
