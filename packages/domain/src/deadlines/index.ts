export * from './alerts';
export * from './ics';
export * from './api';
