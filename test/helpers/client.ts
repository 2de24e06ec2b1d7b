// A tiny HTTP client for tests: real requests over loopback, JSON in and out.
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class ApiClient {
  constructor(readonly api: string, readonly key: string | null) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.key) h.authorization = `Bearer ${this.key}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.api}${path}`, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // keep text
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) { return this.request<T>('GET', path, undefined, headers); }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) { return this.request<T>('POST', path, body ?? {}, headers); }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) { return this.request<T>('PATCH', path, body ?? {}, headers); }
  delete<T = any>(path: string, headers?: Record<string, string>) { return this.request<T>('DELETE', path, undefined, headers); }
}

/**
 * Follows a list endpoint's next_cursor from the first page to the last (`path` may carry a
 * query; the cursor is appended). Every page must answer 200. Answers the pages' items in order,
 * how many pages there were, and each page's `total`.
 */
export async function walkPages(client: ApiClient, path: string, maxPages = 200): Promise<{ items: any[]; pages: number; totals: number[] }> {
  const items: any[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: Answer = await client.get(`${path}${cursor ? `${sep}cursor=${cursor}` : ''}`);
    if (page.status !== 200) throw new Error(`${path}: page ${totals.length + 1} answered ${page.status}: ${page.text}`);
    items.push(...page.body.items);
    totals.push(page.body.total);
    cursor = page.body.next_cursor;
    if (totals.length > maxPages) throw new Error(`${path}: more than ${maxPages} pages`);
  } while (cursor);
  return { items, pages: totals.length, totals };
}
