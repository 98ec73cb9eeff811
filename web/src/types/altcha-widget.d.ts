/**
 * The ALTCHA web component in JSX (the package's own React typings are not imported, so the
 * widget's module is only loaded where the captcha is shown).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

export interface AltchaWidgetProps extends DetailedHTMLProps<
  HTMLAttributes<HTMLElement>,
  HTMLElement
> {
  /** The challenge, or the URL to fetch one from. */
  challenge?: string;
  language?: string;
  name?: string;
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  type?: 'native' | 'checkbox' | 'switch';
  display?: 'standard' | 'bar' | 'floating' | 'overlay' | 'invisible';
  configuration?: string;
}

/** What the widget tells in its 'statechange' event. */
export interface AltchaStateChangeDetail {
  state: 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';
  payload?: string;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetProps;
    }
  }
}

declare global {
  interface Window {
    grecaptcha?: {
      ready: (callback: () => void) => void;
      render: (
        container: HTMLElement,
        parameters: {
          sitekey: string;
          callback?: (token: string) => void;
          'expired-callback'?: () => void;
          'error-callback'?: () => void;
          hl?: string;
        },
      ) => number;
      reset: (widgetId?: number) => void;
    };
  }
}
