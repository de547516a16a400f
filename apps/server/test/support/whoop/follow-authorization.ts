/**
 * Walks an authorization URL through the harness's redirects (authorize → interaction → authorize again) as a
 * browser would, carrying the cookies the provider sets between the steps, and returns the redirect-URI URL
 * the browser would land on (with `code` and `state`, or `error`). Nothing is fetched from the redirect URI.
 */
export async function followAuthorization(authorizationUrl: URL | string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`authorization stopped at ${url.pathname} with ${res.status}: ${await res.text()}`);
    }
    await res.body?.cancel();
    url = new URL(location, url);
    if (`${url.origin}${url.pathname}` === redirectUri) return url;
  }
  throw new Error('authorization did not reach the redirect URI in 10 redirects');
}
