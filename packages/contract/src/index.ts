/**
 * The contract between the API and the web app: what both sides need, in one place, so neither
 * imports the other's source. Pure TypeScript with no dependencies; the API runs the compiled
 * dist/ (built by the API's build), the web app and the tests read src/ directly.
 */
export * from './answer-schema';
export * from './answers-to-criterions';
export * from './conditions';
export * from './criteria';
export * from './relevance';
export * from './rule-text';
export * from './search-options';
export * from './validation-patterns';
