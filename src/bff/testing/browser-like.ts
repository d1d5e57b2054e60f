/** Cookies by name, per origin, as a browser keeps them (paths ignored: every test path is under `/`). */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).origin)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const origin = new URL(url).origin;
    if (!this.cookies.has(origin)) this.cookies.set(origin, new Map());
    this.cookies.get(origin)!.set(name, value);
  }

  take(url: string, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((attribute) => {
        const [key, setting] = attribute.trim().split('=');
        return (
          (key!.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
          (key!.toLowerCase() === 'expires' && Date.parse(setting!) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.get(new URL(url).origin)?.delete(name!.trim());
      else this.set(url, name!.trim(), value);
    }
  }
}

/** One request as a browser would send it: with the jar's cookies, taking the answer's, not following redirects. */
export async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Response> {
  const response = await fetch(url, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    redirect: 'manual',
    headers: {
      cookie: jar.header(url),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...init.headers,
    },
    ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
  });
  jar.take(url, response);
  return response;
}

/** Follows redirects (through the jar) until one leads to `stopAt`'s origin and path, or a page answers. */
export async function followUntil(jar: CookieJar, response: Response, from: string, stopAt?: string) {
  let url = from;
  let current = response;
  for (let hops = 0; hops < 20 && current.status >= 300 && current.status < 400; hops++) {
    url = new URL(current.headers.get('location')!, url).href;
    if (stopAt && url.startsWith(stopAt)) return { url, response: current, stopped: true };
    current = await browse(jar, url);
  }
  return { url, response: current, stopped: false };
}
