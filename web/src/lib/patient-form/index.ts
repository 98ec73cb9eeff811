export * from './store';
export * from './new-patient';
