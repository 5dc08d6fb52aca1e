export * from './alerts';
export * from './ics';
