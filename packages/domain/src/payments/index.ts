export * from './lateness';
export * from './api';
