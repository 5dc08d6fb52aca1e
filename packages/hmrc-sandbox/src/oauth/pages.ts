/**
 * The simulator's browser pages: plain server-rendered HTML with HMRC's field names and button ids
 * (docs/reference/hmrc-vat-api.md §2.4), so that code and scripts written against HMRC's sandbox work here. Every
 * page says plainly that it is a local simulator, not HMRC.
 */

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const styles = `
  body { font-family: Arial, Helvetica, sans-serif; margin: 0; color: #0b0c0c; background: #fff; line-height: 1.4; }
  .banner { background: #1d70b8; color: #fff; padding: 12px 24px; font-weight: bold; }
  .banner small { display: block; font-weight: normal; }
  main { max-width: 640px; margin: 24px auto; padding: 0 24px; }
  h1 { font-size: 2rem; margin: 0 0 16px; }
  label { display: block; font-weight: bold; margin: 16px 0 4px; }
  input[type=text], input[type=password] { font-size: 1.1rem; padding: 6px; width: 100%; max-width: 320px; border: 2px solid #0b0c0c; }
  input:focus, button:focus, a:focus { outline: 3px solid #fd0; outline-offset: 0; }
  button, a.button { font-size: 1.1rem; padding: 8px 14px; margin-top: 20px; background: #00703c; color: #fff; border: 0; cursor: pointer; }
  a.button { display: inline-block; text-decoration: none; }
  .govuk-error-message { color: #d4351c; font-weight: bold; border-left: 5px solid #d4351c; padding-left: 10px; }
  .actions { display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
  code { background: #f3f2f1; padding: 1px 4px; }
  button.secondary { background: #f3f2f1; color: #0b0c0c; }
  .request { border-top: 1px solid #b1b4b6; margin-top: 24px; }
  fieldset { border: 0; padding: 0; margin: 16px 0 0; }
  legend { font-weight: bold; font-size: 1.2rem; margin-bottom: 8px; }
  .radio { display: flex; align-items: center; gap: 8px; margin: 8px 0; }
  .radio label { display: inline; font-weight: normal; margin: 0; }
  input[type=radio] { width: 24px; height: 24px; margin: 0; }
  .hint { color: #505a5f; margin: 0 0 4px; }
  .govuk-error-summary { border: 5px solid #d4351c; padding: 16px; margin-bottom: 24px; }
  .govuk-error-summary a { color: #d4351c; font-weight: bold; }
  dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: 8px 24px; }
  dl.summary dt { font-weight: bold; }
  dl.summary dd { margin: 0; }
`;

/** A page in the simulator's HMRC-like frame (agents/pages.ts and payments/pages.ts use it too). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} – Local HMRC sandbox simulator</title>
<style>${styles}</style>
</head>
<body>
<div class="banner" role="banner">Local HMRC sandbox simulator
<small>This page is part of VAT Wise's offline stand-in for HMRC's sandbox. It is not HMRC and holds no real tax data.</small>
</div>
<main id="main-content">
${body}
</main>
</body>
</html>`;
}

/**
 * HMRC's first start page (2.4): what the software is asking for, and a Continue link. HMRC's
 * wording changes without notice; scripts should follow the link, not read the words.
 */
export function startPage(applicationName: string, nextUrl: string): string {
  return page(
    'Authorise software',
    `<h1>Authorise software</h1>
<p><strong>${escapeHtml(applicationName)}</strong> wants to use your HMRC data. You will sign in, then decide whether to give it permission.</p>
<p><a id="start-continue" class="button" role="button" href="${escapeHtml(nextUrl)}">Continue</a></p>`,
  );
}

/** HMRC's second start page (2.4): what you need, and the link to the sign-in form. */
export function whatYouWillNeedPage(signInUrl: string): string {
  return page(
    'What you will need',
    `<h1>What you will need</h1>
<p>To sign in you need the user ID and password of a sandbox test user (from Create Test User).</p>
<p><a id="start-sign-in" class="button" role="button" href="${escapeHtml(signInUrl)}">Sign in to the HMRC online service</a></p>`,
  );
}

/** On a start page, where its button leads (unescaped); undefined on any other page. */
export function startPageLink(html: string): string | undefined {
  const href = /<a id="start-(?:continue|sign-in)"[^>]*href="([^"]+)"/.exec(html)?.[1];
  return href?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

export interface SignInPageInput {
  continueUrl: string;
  csrfToken: string;
  /** The user ID to show again after a failed attempt. */
  userId?: string;
  failed?: boolean;
}

export function signInPage({ continueUrl, csrfToken, userId = '', failed = false }: SignInPageInput): string {
  const error = failed
    ? `<p class="govuk-error-message" id="login-issued-error" role="alert">Invalid user ID or password. Try again.</p>`
    : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Sign in with the user ID and password of a sandbox test user (from Create Test User).</p>
${error}
<form method="post" action="" novalidate>
  <label for="userId">User ID</label>
  <input id="userId" name="userId" type="text" autocomplete="username" required value="${escapeHtml(userId)}"${failed ? ' aria-describedby="login-issued-error"' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <input type="hidden" id="continue" name="continue" value="${escapeHtml(continueUrl)}">
  <input type="hidden" name="csrfToken" value="${escapeHtml(csrfToken)}">
  <button id="submit" type="submit">Sign in</button>
</form>`,
  );
}

export interface GrantPageInput {
  applicationName: string;
  scopes: { name: string; description: string }[];
  authId: string;
  state: string;
  csrfToken: string;
  denyUrl: string;
  userId: string;
}

export function grantPage(input: GrantPageInput): string {
  const scopes = input.scopes
    .map((scope) => `<li>${escapeHtml(scope.description)} <code>${escapeHtml(scope.name)}</code></li>`)
    .join('\n');
  return page(
    'Give permission',
    `<h1>Give ${escapeHtml(input.applicationName)} permission to use your HMRC data</h1>
<p>Signed in as test user <strong>${escapeHtml(input.userId)}</strong>. The software is asking to:</p>
<ul>
${scopes}
</ul>
<p>You can take this permission back at any time. It lasts 18 months.</p>
<form method="post" action="" class="actions">
  <input type="hidden" name="auth_id" value="${escapeHtml(input.authId)}">
  <input type="hidden" name="state" value="${escapeHtml(input.state)}">
  <input type="hidden" name="csrfToken" value="${escapeHtml(input.csrfToken)}">
  <button id="givePermission" type="submit">Give permission</button>
  <a id="deny" href="${escapeHtml(input.denyUrl)}">Do not give permission</a>
</form>`,
  );
}

/** An error shown in the browser: HMRC does not redirect authorise-step errors back (1.2). */
export function errorPage(error: string, description: string): string {
  return page(
    'There is a problem',
    `<h1>There is a problem</h1>
<p role="alert">${escapeHtml(description)}</p>
<p>Error: <code id="error-code">${escapeHtml(error)}</code></p>`,
  );
}
