/**
 * The "Set up this device" page (issue 30): served over plain HTTP to any host, since a tablet that does not trust
 * the shop's authority yet cannot open the HTTPS address. Plain HTML with no script, so it works in any browser.
 */

/** What the page says: the authority to trust (absent with the shop's own certificate), and where to go next. */
export interface SetupFacts {
  /** the host the device used, already checked to be a plain host name or address */
  host: string;
  httpsPort: number | null;
  /** the shop's authority: its name and SHA-256 fingerprint; null when the shop serves its own certificate */
  authority: { name: string; fingerprint: string } | null;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;max-width:44rem;margin-inline:auto;color:#1a202c}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem}a.button{display:inline-block;min-height:44px;line-height:44px;
padding:0 1rem;margin:.25rem .5rem .25rem 0;border-radius:.4rem;background:#2b6cb0;color:#fff;text-decoration:none}
details{border:1px solid #cbd5e0;border-radius:.4rem;margin:.5rem 0;padding:.25rem .75rem}summary{min-height:44px;
line-height:44px;font-weight:600;cursor:pointer}code{word-break:break-all}.note{color:#4a5568}`;

const PLATFORMS: [string, string[]][] = [
  [
    'Android tablet or phone',
    [
      'Tap <b>Download the shop&#39;s certificate</b> above.',
      'Open <b>Settings</b>, search for <b>CA certificate</b> (Security &amp; privacy &rarr; More security settings &rarr; Encryption &amp; credentials &rarr; Install a certificate &rarr; CA certificate).',
      'Tap <b>Install anyway</b>, then pick <b>baybook-ca.crt</b> from Downloads.',
    ],
  ],
  [
    'iPad or iPhone',
    [
      'In <b>Safari</b>, tap <b>Download the iPad/iPhone profile</b> above, then <b>Allow</b>.',
      'Open <b>Settings</b> &rarr; <b>Profile Downloaded</b> &rarr; <b>Install</b> (enter the passcode) &rarr; <b>Install</b>.',
      'Then <b>Settings</b> &rarr; <b>General</b> &rarr; <b>About</b> &rarr; <b>Certificate Trust Settings</b>: turn on full trust for the BayBook shop authority.',
    ],
  ],
  [
    'Windows PC',
    [
      'Download the shop&#39;s certificate and open it: <b>Install Certificate&hellip;</b> &rarr; <b>Current User</b>.',
      'Choose <b>Place all certificates in the following store</b> &rarr; <b>Browse</b> &rarr; <b>Trusted Root Certification Authorities</b> &rarr; <b>Finish</b> &rarr; <b>Yes</b>.',
      'Close every browser window and open the address below. (Firefox keeps its own list: Settings &rarr; Privacy &amp; Security &rarr; View Certificates &rarr; Authorities &rarr; Import.)',
    ],
  ],
  [
    'Mac',
    [
      'Download the shop&#39;s certificate and open it: Keychain Access adds it to the <b>login</b> keychain.',
      'Double-click the BayBook shop authority &rarr; <b>Trust</b> &rarr; <b>When using this certificate: Always Trust</b>, close the window and enter your password.',
    ],
  ],
];

export function setupPageHtml({ host, httpsPort, authority }: SetupFacts): string {
  const secure = httpsPort === null ? null : `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}/`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Set up this device · BayBook</title>
<style>${STYLE}</style></head><body>
<h1>Set up this device</h1>
${secure ? withHttps(secure, authority) : WITHOUT_HTTPS}
</body></html>`;
}

function withHttps(secure: string, authority: SetupFacts['authority']): string {
  const open = `<h2>${authority ? '2' : '1'}. Open BayBook at its secure address</h2>
<p><a class="button" href="${escape(secure)}">Open ${escape(secure)}</a></p>
<p>Sign in, then add it to the home screen (Install, or Share &rarr; Add to Home Screen): it then opens and works
with the Wi-Fi down.</p>`;
  if (!authority)
    return `<p>BayBook here is served with the shop's own certificate: there is nothing to trust on this device.</p>${open}`;
  return `<p>BayBook works offline only at its secure (https) address. This device trusts this shop's server once,
then opens that address. It takes a minute, once per device.</p>
<h2>1. Trust the shop's certificate</h2>
<p><a class="button" href="/setup/baybook-ca.crt" download>Download the shop's certificate</a>
<a class="button" href="/setup/baybook.mobileconfig">Download the iPad/iPhone profile</a></p>
<p class="note">It is <b>${escape(authority.name)}</b>, made by this shop's BayBook server. Its SHA-256 fingerprint,
which the device shows when you look at it: <code>${escape(authority.fingerprint)}</code></p>
${PLATFORMS.map(([name, steps]) => `<details><summary>${name}</summary><ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol></details>`).join('\n')}
${open}`;
}

const WITHOUT_HTTPS = `<p>This BayBook server does not serve HTTPS itself (BAYBOOK_TLS=off): it is meant to be reached
through a proxy that does. Ask whoever set BayBook up for its https address (docs/DEPLOY.md). At a plain http
address other than this computer's own, the browser gives BayBook no offline storage worker and no camera.</p>`;
