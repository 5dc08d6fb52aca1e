export * from './roles';
export * from './errors/catalogue';
export * from './errors/http-status';
export * from './api/errors';
export * from './api/health';
export * from './auth/password-rules';
export * from './auth/user';
export * from './vat/vrn';
