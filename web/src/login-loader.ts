// The entry of the prerendered /login (login.*.html, vite.config.ts): its screen is already in
// the document, so the app's code is fetched once the browser has painted it, never competing
// with the first paint. The app then takes the screen over (src/lib/prerendered-shell.ts).
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main');
  }, 0);
});
