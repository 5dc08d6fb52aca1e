export * from './kinds';
export * from './api';
export * from './recipients';
