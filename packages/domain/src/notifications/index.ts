export * from './api';
export * from './recipients';
