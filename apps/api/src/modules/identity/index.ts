export type { EmailChangeService } from './email-change-service.js';
export { createIdentityModule, type IdentityModuleDependencies } from './identity-module.js';
export { hashPassword, verifyPassword } from './password-hasher.js';
export { passwordResetLinkJob } from './password-reset-job.js';
export type { PasswordService } from './password-service.js';
export { newOpaqueToken, sha256 } from './secure-tokens.js';
export { storedAccountState } from './setup-check.js';
export type { TokenService, TokenSettings } from './token-service.js';
