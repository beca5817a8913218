/** One message as a transport sees it. */
export interface OutgoingEmail {
  from: { address: string; name: string };
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Files sent with the message (an invoice's PDF). */
  attachments?: readonly { fileName: string; contentType: string; content: Uint8Array }[];
}

export type DeliveryResult =
  /** Handed to a mail server, which accepted it. */
  | { status: 'sent'; providerMessageId: string }
  /** Kept in the database outbox for operators to read (no mail server configured). */
  | { status: 'kept' };

/** A way of delivering e-mail. Adapters: SMTP (nodemailer) and the database outbox. */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  deliver(message: OutgoingEmail): Promise<DeliveryResult>;
}

/** SMTP settings of a system (its root company) or an agency. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  /** The company the settings belong to (decides whether the host must be a public address). */
  companyId?: number;
  /** When `host` is an already checked IP address: the name to verify the TLS certificate against. */
  tlsServername?: string;
}
