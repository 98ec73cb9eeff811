import type { Language } from '@trialflow/contract';

export type MailTemplate =
  | 'confirm-sign-up'
  | 'forgot-password'
  | 'request-new'
  | 'request-status'
  | 'request-cancelled'
  | 'request-reminder';

export interface MailVariables {
  /** The one-time code of the identity mails. */
  code?: string;
  firstName: string;
  /** The product's address, for the link in the mail. */
  url: string;
  supportEmail: string;
  minutes?: number;
  /** Referral mails: the trial and the request's status, never patient data. */
  trialName?: string;
  nctId?: string;
  status?: string;
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

const IDENTITY_TEXTS: Record<'confirm-sign-up' | 'forgot-password', Record<Language, Text>> = {
  'confirm-sign-up': {
    en: {
      subject: 'Your Trialflow verification code',
      greeting: greeting.en,
      lines: (v) => [
        'thank you for registering with Trialflow. To confirm your e-mail address, enter this code:',
        v.code ?? '',
        `The code is valid for ${Math.round((v.minutes ?? 0) / 60)} hours. Open ${v.url}/confirm if the page is closed.`,
        `If you did not register, ignore this e-mail or write to ${v.supportEmail}.`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Su código de verificación de Trialflow',
      greeting: greeting.es,
      lines: (v) => [
        'gracias por registrarse en Trialflow. Para confirmar su dirección de correo electrónico, introduzca este código:',
        v.code ?? '',
        `El código es válido durante ${Math.round((v.minutes ?? 0) / 60)} horas. Abra ${v.url}/confirm si ha cerrado la página.`,
        `Si usted no se ha registrado, ignore este correo o escriba a ${v.supportEmail}.`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Ihr Bestätigungscode für Trialflow',
      greeting: greeting.de,
      lines: (v) => [
        'vielen Dank für Ihre Registrierung bei Trialflow. Um Ihre E-Mail-Adresse zu bestätigen, geben Sie diesen Code ein:',
        v.code ?? '',
        `Der Code ist ${Math.round((v.minutes ?? 0) / 60)} Stunden gültig. Öffnen Sie ${v.url}/confirm, falls die Seite geschlossen ist.`,
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
        v.code ?? '',
        `The code is valid for ${v.minutes ?? 0} minutes and can be used once.`,
        `If you did not ask for this, ignore this e-mail: your password stays unchanged. Questions: ${v.supportEmail}.`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Restablezca su contraseña de Trialflow',
      greeting: greeting.es,
      lines: (v) => [
        'hemos recibido una solicitud para restablecer la contraseña de su cuenta de Trialflow. Introduzca este código para elegir una nueva contraseña:',
        v.code ?? '',
        `El código es válido durante ${v.minutes ?? 0} minutos y solo puede usarse una vez.`,
        `Si no lo ha solicitado, ignore este correo: su contraseña no cambiará. Consultas: ${v.supportEmail}.`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Ihr Trialflow-Passwort zurücksetzen',
      greeting: greeting.de,
      lines: (v) => [
        'wir haben eine Anfrage erhalten, das Passwort Ihres Trialflow-Kontos zurückzusetzen. Geben Sie diesen Code ein, um ein neues Passwort zu wählen:',
        v.code ?? '',
        `Der Code ist ${v.minutes ?? 0} Minuten gültig und kann einmal verwendet werden.`,
        `Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert. Fragen: ${v.supportEmail}.`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
};

const STATUS_LABELS: Record<Language, Record<string, string>> = {
  en: {
    newRequest: 'New Request',
    waitlist: 'Wait List',
    inReview: 'In Review',
    accepted: 'Accepted',
    rejected: 'Rejected',
    enrolled: 'Enrolled',
    cancelled: 'Cancelled',
  },
  es: {
    newRequest: 'Nueva solicitud',
    waitlist: 'Lista de espera',
    inReview: 'En revisión',
    accepted: 'Aceptada',
    rejected: 'Rechazada',
    enrolled: 'Inscrito',
    cancelled: 'Cancelada',
  },
  de: {
    newRequest: 'Neue Anfrage',
    waitlist: 'Warteliste',
    inReview: 'In Prüfung',
    accepted: 'Angenommen',
    rejected: 'Abgelehnt',
    enrolled: 'Eingeschrieben',
    cancelled: 'Storniert',
  },
};

const trial = (v: MailVariables): string => `${v.trialName ?? ''} (${v.nctId ?? ''})`;
const statusLabel = (language: Language, v: MailVariables): string =>
  STATUS_LABELS[language][v.status ?? ''] ?? v.status ?? '';

// Referral mails name the trial and the status only: the patient identifier and the notes stay
// behind the sign-in.
const REFERRAL_TEXTS: Record<
  'request-new' | 'request-status' | 'request-cancelled' | 'request-reminder',
  Record<Language, Text>
> = {
  'request-new': {
    en: {
      subject: 'New trial request for your site',
      greeting: greeting.en,
      lines: (v) => [
        `a physician has sent your site a trial request for ${trial(v)}.`,
        `Sign in to review it on your facility board: ${v.url}/clinops/dashboard`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Nueva solicitud de ensayo para su centro',
      greeting: greeting.es,
      lines: (v) => [
        `un médico ha enviado a su centro una solicitud para el ensayo ${trial(v)}.`,
        `Inicie sesión para revisarla en el panel de su centro: ${v.url}/clinops/dashboard`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Neue Studienanfrage für Ihr Zentrum',
      greeting: greeting.de,
      lines: (v) => [
        `eine Ärztin oder ein Arzt hat Ihrem Zentrum eine Anfrage für die Studie ${trial(v)} gesendet.`,
        `Melden Sie sich an, um sie auf Ihrer Übersicht zu prüfen: ${v.url}/clinops/dashboard`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
  'request-status': {
    en: {
      subject: 'Your trial request has a new status',
      greeting: greeting.en,
      lines: (v) => [
        `the site has set your trial request for ${trial(v)} to: ${statusLabel('en', v)}.`,
        `Sign in to read the site's note: ${v.url}/dashboard`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Su solicitud de ensayo tiene un nuevo estado',
      greeting: greeting.es,
      lines: (v) => [
        `el centro ha cambiado el estado de su solicitud para ${trial(v)} a: ${statusLabel('es', v)}.`,
        `Inicie sesión para leer la nota del centro: ${v.url}/dashboard`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Ihre Studienanfrage hat einen neuen Status',
      greeting: greeting.de,
      lines: (v) => [
        `das Zentrum hat Ihre Anfrage für ${trial(v)} auf „${statusLabel('de', v)}“ gesetzt.`,
        `Melden Sie sich an, um die Notiz des Zentrums zu lesen: ${v.url}/dashboard`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
  'request-cancelled': {
    en: {
      subject: 'A trial request was cancelled',
      greeting: greeting.en,
      lines: (v) => [
        `the referring physician has cancelled a trial request for ${trial(v)}.`,
        `Sign in to read the explanation: ${v.url}/clinops/dashboard`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Se ha cancelado una solicitud de ensayo',
      greeting: greeting.es,
      lines: (v) => [
        `el médico remitente ha cancelado una solicitud para el ensayo ${trial(v)}.`,
        `Inicie sesión para leer la explicación: ${v.url}/clinops/dashboard`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Eine Studienanfrage wurde storniert',
      greeting: greeting.de,
      lines: (v) => [
        `die zuweisende Ärztin oder der zuweisende Arzt hat eine Anfrage für die Studie ${trial(v)} storniert.`,
        `Melden Sie sich an, um die Begründung zu lesen: ${v.url}/clinops/dashboard`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
  'request-reminder': {
    en: {
      subject: 'Reminder about a trial request',
      greeting: greeting.en,
      lines: (v) => [
        `this is a reminder about the trial request for ${trial(v)} (status: ${statusLabel('en', v)}).`,
        `Sign in to see it: ${v.url}`,
      ],
      closing: 'Kind regards,\nThe Trialflow team',
    },
    es: {
      subject: 'Recordatorio sobre una solicitud de ensayo',
      greeting: greeting.es,
      lines: (v) => [
        `le recordamos la solicitud para el ensayo ${trial(v)} (estado: ${statusLabel('es', v)}).`,
        `Inicie sesión para verla: ${v.url}`,
      ],
      closing: 'Atentamente,\nEl equipo de Trialflow',
    },
    de: {
      subject: 'Erinnerung an eine Studienanfrage',
      greeting: greeting.de,
      lines: (v) => [
        `wir erinnern an die Anfrage für die Studie ${trial(v)} (Status: ${statusLabel('de', v)}).`,
        `Melden Sie sich an, um sie zu sehen: ${v.url}`,
      ],
      closing: 'Mit freundlichen Grüßen\nIhr Trialflow-Team',
    },
  },
};

const TEXTS: Record<MailTemplate, Record<Language, Text>> = {
  ...IDENTITY_TEXTS,
  ...REFERRAL_TEXTS,
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
