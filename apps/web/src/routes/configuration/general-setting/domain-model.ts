import { type DomainStatus, subdomainSchema } from '@app/contracts';
import { firstError } from './field-errors';

export interface DomainStatusView {
  label: string;
  color: string;
  /** 'Retry' is offered while the certificate failed. */
  canRetry: boolean;
  /** The status is polled while the certificate is being issued. */
  polling: boolean;
}

/** What the custom domain's certificate status means to a person. */
export function domainStatusView(status: DomainStatus, hasDomain: boolean): DomainStatusView {
  if (!hasDomain || status === 'none') {
    return { label: 'No custom domain', color: 'gray', canRetry: false, polling: false };
  }
  switch (status) {
    case 'pending':
      return { label: 'Issuing SSL certificate…', color: 'yellow', canRetry: false, polling: true };
    case 'active':
      return { label: 'Active: SSL certificate issued', color: 'green', canRetry: false, polling: false };
    case 'failed':
      return { label: 'SSL certificate failed', color: 'red', canRetry: true, polling: false };
  }
}

/** Spec 2 §5: letters, digits and hyphens, up to 63, alphanumeric at both ends (contracts' texts). */
export function subdomainError(text: string): string | null {
  return firstError(subdomainSchema, text);
}

/** What a person may type into the subdomain box: lowercase, no spaces or dots. */
export function normaliseSubdomainInput(text: string): string {
  return text.toLowerCase().replace(/[\s.]+/g, '');
}
