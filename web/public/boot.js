// Starts the two requests the first screen waits for (the configuration and the texts of the
// stored language) while the app's JavaScript is still downloading; src/lib/boot-requests.ts
// hands the answers to the app. Loaded with `async` from index.html: it blocks nothing, and
// when it runs late or fails the app requests them itself. Plain script: no build step, no
// inline code (the Content-Security-Policy allows scripts from 'self' only).
/* global window */
(function () {
  'use strict';
  var LANGUAGES = ['en', 'es', 'de'];
  var lang = 'en';
  try {
    var stored = window.localStorage.getItem('lang');
    if (LANGUAGES.indexOf(stored) >= 0) lang = stored;
  } catch {
    // Storage disabled: the default language.
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
  window.trialflowBoot = {
    config: json('/api/config'),
    texts: json('/api/gettranslations/' + lang + '?exclude=pages'),
  };
})();
