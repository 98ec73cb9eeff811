import { SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { type MailTemplate, renderMail } from './mail-templates';

const REFERRAL_MAILS: MailTemplate[] = [
  'request-new',
  'request-status',
  'request-cancelled',
  'request-reminder',
];

const VARIABLES = {
  firstName: 'Ada',
  url: 'https://trials.hospital.example',
  supportEmail: 'help@hospital.example',
  trialName: 'Osimertinib after surgery',
  nctId: 'NCT01234567',
  status: 'accepted',
};

describe(renderMail.name, () => {
  it.each(SUPPORTED_LANGUAGES.flatMap((l) => REFERRAL_MAILS.map((t) => [t, l] as const)))(
    'should word %s in %s with the trial and a link, and nothing undefined',
    (template, language) => {
      const mail = renderMail(template, language, VARIABLES);
      expect(mail.text).toContain('Osimertinib after surgery (NCT01234567)');
      expect(mail.text).toContain('https://trials.hospital.example');
      expect(mail.text).toMatch(
        language === 'en' ? /Dear Ada,/ : language === 'es' ? /Estimado\/a Ada:/ : /Guten Tag Ada,/,
      );
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/undefined|null/);
    },
  );

  it('should name the status in the reader’s language', () => {
    expect(renderMail('request-status', 'en', VARIABLES).text).toContain('Accepted');
    expect(renderMail('request-status', 'es', VARIABLES).text).toContain('Aceptada');
    expect(renderMail('request-status', 'de', VARIABLES).text).toContain('„Angenommen“');
  });

  it('should still render the identity codes', () => {
    const mail = renderMail('forgot-password', 'en', { ...VARIABLES, code: '123456', minutes: 60 });
    expect(mail.text).toMatch(/^123456$/m);
    expect(mail.text).toContain('valid for 60 minutes');
  });
});
