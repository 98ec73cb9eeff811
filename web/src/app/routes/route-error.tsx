import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a lazy chunk fails to load or a screen throws: no stack, a way out. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof Error && /chunk|dynamically imported module/i.test(error.message);
  return (
    <div className="app-load-error" role="alert">
      <h1>{isRouteErrorResponse(error) ? `${error.status}` : 'Something went wrong'}</h1>
      <p>
        {chunk
          ? 'A new version of Trialflow may have been installed. Reload the page to continue.'
          : 'This page could not be shown. Reload it or go back to the home page.'}
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>{' '}
        <Link to="/">Home</Link>
      </p>
    </div>
  );
}
