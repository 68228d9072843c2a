// Talking to a running `praksis dev` server on loopback for a demo school's
// host, as the bench and the screenshots do before they open a browser.
import { request as httpRequest } from 'node:http';

/**
 * A request to the server on loopback for the school's host (fetch cannot
 * set Host); resolves with the status and the parsed JSON body.
 */
export function call(port, host, method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { Host: `${host}:${port}`, 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A token for a demo user, by one-time code through the development mail catcher. */
export async function signIn(port, host, email) {
  const since = Date.now() - 1000;
  const asked = await call(port, host, 'POST', '/api/auth/external/sign-in', { email });
  if (asked.status !== 202) throw new Error(`asking for a code: HTTP ${asked.status}`);
  for (let i = 0; i < 100; i++) {
    const mails = (await call(port, host, 'GET', '/dev/mail/messages')).json;
    const mail = mails.find((m) => m.to.toLowerCase() === email && new Date(m.sentAt).getTime() >= since);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) {
      const res = await call(port, host, 'POST', '/api/auth/external/signed-in', { email, code });
      if (res.status !== 200) throw new Error(`sending the code: HTTP ${res.status}`);
      return res.json.token;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code e-mailed to ${email}`);
}
