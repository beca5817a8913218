/** The outcome of one attempt to put a TLS certificate on an agency's custom domain. */
export type CertificateResult = { status: 'active'; detail: string } | { status: 'failed'; reason: string };

/**
 * Issues (or renews) the certificate that serves an agency's white-label domain. The real adapter
 * is an ACME client or the hosting provider's API; the default is the sandbox, which does the
 * part that can be done locally: proving the domain points at this deployment.
 */
export interface CertificateProvider {
  readonly name: string;
  /** `platformHost` is the system's own domain: the custom domain must resolve where it does. */
  issue(domain: string, platformHost: string): Promise<CertificateResult>;
}
