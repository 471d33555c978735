import nodemailer from 'nodemailer';
import type { Config } from '../config/config';

export type MailMessage = { to: string; subject: string; text: string };

/** Sends e-mail; absent (null) when SMTP_URL is not configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The SMTP mailer of SMTP_URL (e.g. `smtp://user:pass@host:587`, `smtps://...`), or null without one. */
export function mailerFromConfig(config: Config): Mailer | null {
  if (!config.smtp) return null;
  const { url, from } = config.smtp;
  // A slow or silent mail server must not hold an administrator's request for minutes.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
