export * from './store';
export * from './new-patient';
export * from './answers';
