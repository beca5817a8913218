export type { CompanyHosts } from './company-hosts.js';
export { domainCertificateJob } from './domain-certificate-job.js';
export { createSettingsModule, type SettingsModuleDependencies } from './settings-module.js';
