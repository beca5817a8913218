import type { DocumentName } from '@app/contracts';

/**
 * Default legal documents, shared by every system until a system publishes its own version.
 * `{{company}}` is replaced with the reading system's legal name when served.
 */
const AGREEMENT_TITLES = {
  minimum_spend: 'Minimum Spend Addendum',
  v2: 'Agency Agreement (Version 2)',
  v3: 'Agency Agreement (Version 3)',
  v4: 'Agency Agreement (Version 4)',
  default_agency: 'Agency Services Agreement',
  default_client: 'Client Services Agreement',
} as const;

export const DEFAULT_DOCUMENTS: { name: DocumentName; title: string; html: string }[] = [
  {
    name: 'privacy-policy',
    title: 'Privacy Policy',
    html: `<p>This policy explains how {{company}} ("we") collects, uses and protects personal information when agencies, their clients and visitors use this platform.</p>
<h2>1. Information we collect</h2>
<ul><li>Account details you give us: name, e-mail address, phone number, company and billing address.</li>
<li>Usage data: pages opened, actions taken, the IP address and time zone of each request.</li>
<li>Lead data that campaigns collect on behalf of our customers, processed under their instructions.</li></ul>
<h2>2. How we use it</h2>
<p>To provide and secure the service, bill for it, send the e-mails you ask for (sign-in codes, password resets, reports) and meet our legal obligations. We do not sell personal information.</p>
<h2>3. Sharing</h2>
<p>We share information only with processors that run parts of the service for us (hosting, payment processing, e-mail delivery), each bound by a written agreement, or when the law requires it.</p>
<h2>4. Retention</h2>
<p>Account data is kept while the account is active and for up to seven years afterwards for tax and accounting records. Lead data is kept as long as our customer's account requires it.</p>
<h2>5. Your rights</h2>
<p>You may ask to see, correct, export or delete your personal information, and to opt out of lead delivery, by writing to us. We answer within 30 days.</p>
<h2>6. Security</h2>
<p>Passwords are stored only as salted hashes, traffic is encrypted in transit and access to data is limited to the people who need it.</p>`,
  },
  {
    name: 'term-of-use',
    title: 'Terms of Use',
    html: `<p>These terms govern the use of the platform operated by {{company}}. By creating an account or using the platform you accept them.</p>
<h2>1. Accounts</h2>
<p>You keep your credentials confidential and are responsible for what happens under your account. Tell us at once about any unauthorised use.</p>
<h2>2. Acceptable use</h2>
<ul><li>Use the platform only for lawful marketing to people who may lawfully be contacted.</li>
<li>Honour opt-out and suppression requests; do not upload data you have no right to use.</li>
<li>Do not probe, overload or work around the platform's security.</li></ul>
<h2>3. Fees</h2>
<p>Fees are those shown when you choose a product and payment term. Charges are made through the connected payment provider and are not refundable unless these terms or the law say otherwise.</p>
<h2>4. Availability</h2>
<p>We aim for the platform to be available at all times but may suspend it for maintenance or security. We are not liable for indirect or consequential loss.</p>
<h2>5. Ending</h2>
<p>You may close your account at any time. We may suspend an account that breaks these terms or leaves charges unpaid.</p>`,
  },
  {
    name: 'service-billing-agreement',
    title: 'Service Billing Agreement',
    html: `<p>This agreement sets out how {{company}} bills for lead-generation and advertising services.</p>
<h2>1. Payment terms</h2>
<ul><li><strong>Weekly and Monthly:</strong> a setup fee and the period's platform fee when a campaign starts, then an invoice each period for the leads delivered plus the platform fee.</li>
<li><strong>One Time:</strong> a setup fee and a one-time fee, with no per-lead billing.</li>
<li><strong>Prepaid:</strong> a block of leads bought in advance; with continual top-up the next block is bought when the balance runs low.</li></ul>
<h2>2. Authorisation</h2>
<p>You authorise us to charge the card on file for the amounts above. A failed charge pauses the affected campaigns until a working card is saved.</p>
<h2>3. Disputes</h2>
<p>Raise a billing question within 60 days of the charge; we review every request and refund charges made in error.</p>`,
  },
  {
    name: 'marketing-services-agreement-developer',
    title: 'Marketing Services Agreement (Developer)',
    html: `<p>This agreement applies when an agency enables developer (API) access on the platform of {{company}}.</p>
<h2>1. Access</h2>
<p>API credentials are issued to the agency and must be kept secret. Requests made with them count as the agency's own.</p>
<h2>2. Fees</h2>
<p>Enabling developer access carries a one-time activation fee and a monthly minimum spend, both shown before acceptance.</p>
<h2>3. Data</h2>
<p>Data obtained through the API is subject to the same acceptable-use and privacy rules as data obtained through the platform's screens.</p>`,
  },
  ...(['minimum_spend', 'v2', 'v3', 'v4', 'default_agency', 'default_client'] as const).map((name) => ({
    name,
    title: AGREEMENT_TITLES[name],
    html: `<p>This ${AGREEMENT_TITLES[name].toLowerCase()} is made between {{company}} and the customer that accepts it on the platform.</p>
<h2>1. Services</h2><p>The platform's lead-generation and advertising services, in the modules the customer enables.</p>
<h2>2. Charges</h2><p>The prices and payment terms configured for the customer's account at the time of each charge.</p>
<h2>3. Term</h2><p>From acceptance until either party ends it; charges already due remain payable.</p>`,
  })),
];
