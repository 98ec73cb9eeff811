import { SHELL_ID } from '@/prerender/login-shell';

declare global {
  interface Window {
    /** Set by public/boot.js: the shell's Log in button was clicked, or Enter pressed in it. */
    trialflowShellSubmit?: boolean;
    /**
     * Set by public/boot.js: another button of the shell was clicked ("Forgot your password?",
     * the cookie banner's); its index among the shell's controls.
     */
    trialflowShellClick?: number;
  }
}

/** What the shell's keyboard user may be on: the same order in the shell as in the app. */
const FOCUSABLE = 'a[href], button, input, select';

function setInputValue(input: HTMLInputElement, value: string): void {
  // The prototype's setter: React's value tracker would ignore a plain assignment.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replaces the prerendered screen of /login (login.*.html, src/prerender/login-shell.ts) by the
 * app's own, which renders hidden beside it (#root), in the same task so nothing flashes: what
 * was typed or chosen (the language) in the shell's fields is copied into the app's, the keyboard focus moves to the
 * same control, a submit the shell received (public/boot.js) is made by the app's form, and a
 * click on another of its buttons is made on the app's same button. Called once the app's first screen is in the DOM (AppShell), or when the app
 * shows an error instead; a page without a shell is left alone.
 */
export function releasePrerenderedShell(): void {
  const shell = document.getElementById(SHELL_ID);
  const root = document.getElementById('root');
  if (!shell || !root) {
    return;
  }
  const shellControls = Array.from(shell.querySelectorAll<HTMLElement>(FOCUSABLE));
  const active = document.activeElement;
  const focusIndex = active instanceof HTMLElement ? shellControls.indexOf(active) : -1;
  const selection =
    active instanceof HTMLInputElement && active.type !== 'email'
      ? [active.selectionStart, active.selectionEnd]
      : null;
  const typed = Array.from(shell.querySelectorAll<HTMLInputElement>('input[name]'))
    .filter((input) => input.value !== '')
    .map((input) => [input.name, input.value] as const);

  // A choice made in the shell (the language): the value its page did not come with.
  const chosen = Array.from(shell.querySelectorAll('select')).map((select) =>
    Array.from(select.options).some((option) => option.selected !== option.defaultSelected)
      ? select.value
      : null,
  );

  shell.remove();

  Array.from(root.querySelectorAll('select')).forEach((select, index) => {
    const value = chosen[index];
    if (value && select.value !== value) {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(
        select,
        value,
      );
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });

  for (const [name, value] of typed) {
    const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (input && input.value === '') {
      setInputValue(input, value);
    }
  }
  if (window.trialflowShellSubmit) {
    // Sent from the shell before the app was there: the app's form sends it now.
    delete window.trialflowShellSubmit;
    root.querySelector<HTMLInputElement>('input[name="password"]')?.form?.requestSubmit();
  }
  if (focusIndex >= 0) {
    const target = root.querySelectorAll<HTMLElement>(FOCUSABLE)[focusIndex];
    target?.focus();
    if (target instanceof HTMLInputElement && selection && selection[0] !== null) {
      target.setSelectionRange(selection[0], selection[1]);
    }
  }
  const clicked = window.trialflowShellClick;
  if (typeof clicked === 'number') {
    // Clicked in the shell before the app was there (the shell runs no code): the app's same
    // button is clicked now, after the focus moved, so a dialog it opens keeps the focus.
    delete window.trialflowShellClick;
    const target = clicked >= 0 ? root.querySelectorAll<HTMLElement>(FOCUSABLE)[clicked] : null;
    if (target instanceof HTMLButtonElement) {
      target.click();
    }
  }
}
