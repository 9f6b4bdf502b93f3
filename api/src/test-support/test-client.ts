/**
 * fetch with a tiny cookie jar, speaking to the API like the real client does: JSON, Accept
 * application/json, and the x-csrf-token header (from the lf_csrf cookie) on state changes.
 */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string;
  /** Sent as multipart/form-data (fetch writes the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Do not add the CSRF header. */
  noCsrf?: boolean;
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async csrfToken(): Promise<string> {
    const existing = this.cookies.get('lf_csrf');
    if (existing) return existing;
    const response = await this.request('GET', '/auth/csrf');
    return response.body.token as string;
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let payload: string | FormData | undefined;
    if (options.form !== undefined) payload = options.form;
    else if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (!['GET', 'HEAD'].includes(method) && !options.noCsrf && !('x-csrf-token' in headers)) {
      headers['x-csrf-token'] = await this.csrfToken();
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const response = await fetch(`${this.baseUrl}${path}${query}`, { method, headers, body: payload, redirect: 'manual' });
    this.store(response.headers);
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: response.status, headers: response.headers, body: body as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Registers a new user with this client (signed in afterwards). */
  async register(input: { email: string; password: string; name?: string; teamCode?: string }) {
    const response = await this.post('/auth/register', { name: input.name ?? 'Test User', ...input });
    if (response.status !== 200) throw new Error(`register failed: ${response.status} ${response.text}`);
    return response.body;
  }
}
