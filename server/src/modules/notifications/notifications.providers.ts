import type { Transporter } from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  calendar: string | null;
  /** The message's idempotency key: its Message-ID, so a duplicate (a crash after sending) is recognisable. */
  key: string;
}

export interface OutgoingSms {
  to: string;
  text: string;
  /** The message's idempotency key: a gateway that honours it never sends twice. */
  reference: string;
}

/** A channel's provider: answers what the provider said when it accepted the message; throws when it did not. */
export interface EmailSender {
  send(mail: OutgoingEmail): Promise<string>;
}
/** The SMS side: the generic HTTP gateway here; named providers (Dialog, Mobitel) implement the same. */
export interface SmsProvider {
  name: string;
  send(sms: OutgoingSms): Promise<string>;
}

/**
 * E-mail over SMTP (nodemailer): `url` as smtp://user:pass@host:port or smtps://…. A few pooled connections, each
 * reused for many messages: a connection per message spent most of a burst's time on greetings and TLS.
 */
export function createSmtpSender(url: string, from: string): EmailSender & { close(): void } {
  // nodemailer loads with the first message, not at start-up (bench/README, start-up).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, pool: true, maxConnections: 5, maxMessages: 500 }),
    ));
  return {
    close: () => void transport?.then((t) => t.close()),
    async send(mail) {
      const smtp = await transporter();
      const info = await smtp.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${mail.key}@eservices.police.lk>`,
        ...(mail.calendar ? { icalEvent: { filename: 'appointment.ics', method: 'PUBLISH', content: mail.calendar } } : {}),
      });
      return String(info.response).slice(0, 500);
    },
  };
}

/**
 * The generic HTTP SMS gateway: POST JSON `{ to, text, reference }` with `Authorization: Bearer <token>`;
 * any 2xx is accepted. The reference is also sent as `Idempotency-Key`, so a gateway that keeps keys
 * drops a repeat after a crash between its answer and our record of it.
 */
export function createHttpSmsGateway(url: string, token: string, timeoutMs = 10_000): SmsProvider {
  return {
    name: 'http',
    async send(sms) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': sms.reference },
        body: JSON.stringify({ to: sms.to, text: sms.text, reference: sms.reference }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = `${res.status} ${(await res.text()).slice(0, 400)}`.trim();
      if (!res.ok) throw new Error(`SMS gateway refused: ${answer}`);
      return answer;
    },
  };
}
