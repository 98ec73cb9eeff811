import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { Repository } from 'typeorm';
import type { Language } from '@trialflow/contract';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { OutboxMail } from './outbox-mail.entity';
import { MailTemplate, MailVariables, renderMail } from './templates/mail-templates';

function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

export interface SendMailInput {
  to: string;
  template: MailTemplate;
  language: Language;
  variables: Omit<MailVariables, 'url' | 'supportEmail'>;
}

/**
 * Sends the product's mails through SMTP when SMTP_URL is set. Without it each mail is written
 * to the server log and kept in the outbox table, so the embedded setup needs no mail server.
 * With NODE_ENV=production (where SMTP_URL is required) a one-time code never reaches the log,
 * and the outbox keeps it masked whether sending worked or not.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @InjectRepository(OutboxMail) private readonly outbox: Repository<OutboxMail>,
  ) {
    // Bounded waits: a mail server that never answers must not hold a sign-up for minutes.
    this.transport = env.SMTP_URL ? createTransport(smtpOptions(env.SMTP_URL)) : null;
  }

  async send(input: SendMailInput): Promise<void> {
    const mail = renderMail(input.template, input.language, {
      ...input.variables,
      url: this.env.PUBLIC_URL,
      supportEmail: this.env.SUPPORT_EMAIL,
    });
    let delivery: OutboxMail['delivery'] = 'logged';
    if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.env.MAIL_FROM,
          to: input.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        delivery = 'sent';
      } catch (error) {
        delivery = 'failed';
        this.logger.error({ err: error, template: input.template }, 'Sending a mail failed');
      }
    } else {
      if (input.variables.code && this.env.NODE_ENV !== 'production') {
        // No mail server: the log is where a developer reads the code. Only the code: the
        // address and the greeting (a name) are personal data and stay in the outbox table.
        this.logger.log(
          { template: input.template, code: input.variables.code },
          'Mail with a code (no SMTP_URL set; recipient and text in the outbox table)',
        );
      } else {
        // Other mails (referral notifications) name a user: they stay in the outbox table only.
        this.logger.log({ template: input.template }, 'Mail kept in the outbox (no SMTP_URL set)');
      }
    }
    // Once the mail server has it, the outbox keeps a record without the one-time code; in
    // production it never holds a code in clear text, even when sending failed.
    const code = input.variables.code;
    const keepCode = delivery !== 'sent' && this.env.NODE_ENV !== 'production';
    const redact = (text: string): string =>
      code && !keepCode ? text.split(code).join('••••••') : text;
    await this.outbox.save(
      this.outbox.create({
        recipient: input.to,
        template: input.template,
        language: input.language,
        subject: mail.subject,
        bodyText: redact(mail.text),
        bodyHtml: redact(mail.html),
        delivery,
      }),
    );
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
