import type { MailTransport } from './mail-transport.js';

/**
 * The default transport: the message already sits in `email_messages`; delivering it means
 * marking it kept there, where operators read it (and tests read sign-in codes).
 */
export const outboxTransport: MailTransport = {
  name: 'outbox',
  async deliver() {
    return { status: 'kept' };
  },
};
