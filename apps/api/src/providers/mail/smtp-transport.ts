import nodemailer from 'nodemailer';
import type { MailTransport, SmtpSettings } from './mail-transport.js';

/** Delivers through an SMTP server with nodemailer; one connection per message. */
export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Without TLS on the port, upgrade with STARTTLS when the server offers it.
    ...(settings.secure ? {} : { requireTLS: false }),
    // Connecting to a checked address: the certificate must still match the host name.
    ...(settings.tlsServername ? { tls: { servername: settings.tlsServername } } : {}),
  });
  return {
    name: 'smtp',
    async deliver(message) {
      const info = await transporter.sendMail({
        from: { address: message.from.address, name: message.from.name },
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.fileName,
                contentType: file.contentType,
                content: Buffer.from(file.content),
              })),
            }
          : {}),
      });
      transporter.close();
      return { status: 'sent', providerMessageId: info.messageId };
    },
  };
}
