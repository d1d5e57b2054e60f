const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page the callback answers with once the session exists. The session cookie is SameSite=Strict,
 * and a redirect chain that began at the provider (another site) would not carry it; a navigation
 * started by this same-origin page does. No script (the CSP allows none): a meta refresh, and a link.
 */
export function handoverPage(returnTo: string): string {
  const target = escapeHtml(returnTo);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="refresh" content="0;url=${target}">
<title>Signed in — energy-console</title>
</head>
<body>
<p>You are signed in. <a href="${target}">Continue to energy-console</a>.</p>
</body>
</html>
`;
}
