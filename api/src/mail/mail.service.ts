import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, Transporter } from 'nodemailer';
import { Repository } from 'typeorm';
import type { Language } from '../common/conditions';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { OutboxMail } from './outbox-mail.entity';
import { MailTemplate, MailVariables, renderMail } from './templates/mail-templates';

export interface SendMailInput {
  to: string;
  template: MailTemplate;
  language: Language;
  variables: Omit<MailVariables, 'url' | 'supportEmail'>;
}

/**
 * Sends the product's mails through SMTP when SMTP_URL is set. Without it each mail is written
 * to the server log and kept in the outbox table, so the embedded setup needs no mail server.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @InjectRepository(OutboxMail) private readonly outbox: Repository<OutboxMail>,
  ) {
    this.transport = env.SMTP_URL ? createTransport(env.SMTP_URL) : null;
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
      // No mail server: the log is where a developer reads the code.
      this.logger.log(
        { template: input.template, to: input.to, text: mail.text },
        'Mail (no SMTP_URL set)',
      );
    }
    await this.outbox.save(
      this.outbox.create({
        recipient: input.to,
        template: input.template,
        language: input.language,
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: mail.html,
        delivery,
      }),
    );
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
