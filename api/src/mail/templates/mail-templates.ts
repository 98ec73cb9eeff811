import type { Language } from '@trialflow/contract';

export type MailTemplate = 'confirm-sign-up' | 'forgot-password';

export interface MailVariables {
  code: string;
  firstName: string;
  /** The product's address, for the link in the mail. */
  url: string;
  supportEmail: string;
  minutes: number;
}

interface Text {
  subject: string;
  greeting: (v: MailVariables) => string;
  lines: (v: MailVariables) => string[];
  closing: string;
}

const greeting = {
  en: (v: MailVariables) => (v.firstName ? `Dear ${v.firstName},` : 'Hello,'),
  es: (v: MailVariables) => (v.firstName ? `Estimado/a ${v.firstName}:` : 'Hola:'),
  de: (v: MailVariables) => (v.firstName ? `Guten Tag ${v.firstName},` : 'Guten Tag,'),
};

const TEXTS: Record<MailTemplate, Record<Language, Text>> = {
  'confirm-sign-up': {
    en: {
      subject: 'Your Trialflow verification code',
      greeting: greeting.en,
      lines: (v) => [
        'thank you for registering with Trialflow. To confirm your e-mail address, enter this code:',
        v.code,
        `The code is valid for ${Math.round(v.minutes / 60)} hours. Open ${v.url}/confirm if the page is closed.`,
        `If you did not register, ignore this e-mail or write to ${v.supportEmail}.`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Su código de verificación de Trialflow',
      greeting: greeting.es,
      lines: (v) => [
        'gracias por registrarse en Trialflow. Para confirmar su dirección de correo electrónico, introduzca este código:',
        v.code,
        `El código es válido durante ${Math.round(v.minutes / 60)} horas. Abra ${v.url}/confirm si ha cerrado la página.`,
        `Si usted no se ha registrado, ignore este correo o escriba a ${v.supportEmail}.`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Ihr Bestätigungscode für Trialflow',
      greeting: greeting.de,
      lines: (v) => [
        'vielen Dank für Ihre Registrierung bei Trialflow. Um Ihre E-Mail-Adresse zu bestätigen, geben Sie diesen Code ein:',
        v.code,
        `Der Code ist ${Math.round(v.minutes / 60)} Stunden gültig. Öffnen Sie ${v.url}/confirm, falls die Seite geschlossen ist.`,
        `Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail oder schreiben Sie an ${v.supportEmail}.`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
  'forgot-password': {
    en: {
      subject: 'Reset your Trialflow password',
      greeting: greeting.en,
      lines: (v) => [
        'we received a request to reset the password of your Trialflow account. Enter this code to choose a new password:',
        v.code,
        `The code is valid for ${v.minutes} minutes and can be used once.`,
        `If you did not ask for this, ignore this e-mail: your password stays unchanged. Questions: ${v.supportEmail}.`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Restablezca su contraseña de Trialflow',
      greeting: greeting.es,
      lines: (v) => [
        'hemos recibido una solicitud para restablecer la contraseña de su cuenta de Trialflow. Introduzca este código para elegir una nueva contraseña:',
        v.code,
        `El código es válido durante ${v.minutes} minutos y solo puede usarse una vez.`,
        `Si no lo ha solicitado, ignore este correo: su contraseña no cambiará. Consultas: ${v.supportEmail}.`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Ihr Trialflow-Passwort zurücksetzen',
      greeting: greeting.de,
      lines: (v) => [
        'wir haben eine Anfrage erhalten, das Passwort Ihres Trialflow-Kontos zurückzusetzen. Geben Sie diesen Code ein, um ein neues Passwort zu wählen:',
        v.code,
        `Der Code ist ${v.minutes} Minuten gültig und kann einmal verwendet werden.`,
        `Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert. Fragen: ${v.supportEmail}.`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
};

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(
  template: MailTemplate,
  language: Language,
  v: MailVariables,
): RenderedMail {
  const t = TEXTS[template][language];
  const lines = t.lines(v);
  const text = [t.greeting(v), '', ...lines.flatMap((l) => [l, '']), t.closing].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Segoe UI,Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(t.greeting(v))}</p>
${lines
  .map((l) =>
    l === v.code
      ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;color:#0b5cad">${escapeHtml(l)}</p>`
      : `<p>${escapeHtml(l)}</p>`,
  )
  .join('\n')}
<p>${escapeHtml(t.closing).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
