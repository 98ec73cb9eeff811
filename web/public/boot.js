// Starts the two requests the first screen waits for (the configuration and the texts of the
// stored language) while the app's JavaScript is still downloading; src/lib/boot-requests.ts
// hands the answers to the app. Also keeps a submit of /login's prerendered form, or a click on
// another of its buttons (below). Loaded with `async` from index.html: it blocks nothing, and
// when it runs late or fails the app requests them itself. Plain script: no build step, no
// inline code (the Content-Security-Policy allows scripts from 'self' only).
/* global window */
(function () {
  'use strict';
  var LANGUAGES = ['en', 'es', 'de'];
  // As src/i18n/i18n.ts: the stored language, else English.
  var lang = 'en';
  try {
    var stored = window.localStorage.getItem('lang');
    if (LANGUAGES.indexOf(stored) >= 0) lang = stored;
  } catch {
    // Storage disabled: English.
  }
  function json(url) {
    var request = window
      .fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      });
    // Nobody may ever read it (the app started first): no unhandled rejection in the console.
    request.catch(function () {});
    return { url: url, response: request };
  }
  // The prerendered /login (login.*.html) shows its form before the app's code is in: a click
  // on its Log in button, or Enter in one of its fields, is remembered here and the app sends the
  // form once it has taken over (src/lib/prerendered-shell.ts). The shell itself never submits.
  function inShell(target) {
    return target && target.closest ? target.closest('#prerendered-shell') : null;
  }
  window.document.addEventListener('click', function (event) {
    var shell = inShell(event.target);
    if (!shell) return;
    if (event.target.closest('.auth-card__submit')) {
      window.trialflowShellSubmit = true;
      return;
    }
    // Another of the shell's buttons ("Forgot your password?", the cookie banner's): which one,
    // by its place among the shell's controls (the app's screen has them in the same order);
    // the app clicks its own once it has taken over.
    var button = event.target.closest('button');
    if (button) {
      var controls = shell.querySelectorAll('a[href], button, input, select');
      window.trialflowShellClick = Array.prototype.indexOf.call(controls, button);
    }
  });
  window.document.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && inShell(event.target) && event.target.tagName === 'INPUT') {
      window.trialflowShellSubmit = true;
    }
  });
  window.trialflowBoot = {
    config: json('/api/config'),
    texts: json('/api/gettranslations/' + lang + '?exclude=pages'),
  };
})();
