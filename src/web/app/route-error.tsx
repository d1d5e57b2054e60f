import { useLingui } from '@lingui/react/macro';

/**
 * What a page shows when its code or its first data could not be loaded (a release replaced the page's chunk in
 * an open tab, the network dropped): said in the UI language with a way out, instead of the router's English
 * default. A page's own failures (a refused request, a form error) are the page's to show; this is the rest.
 */
export function RouteError() {
  const { t } = useLingui();
  return (
    <div className="page" role="alert" data-testid="route-error">
      <h1>{t`This page could not be shown`}</h1>
      <p>{t`A part of the console did not load. Reload the page to try again.`}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t`Reload the page`}
        </button>
      </p>
    </div>
  );
}
