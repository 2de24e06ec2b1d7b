// A small typed client over fetch. Every path, parameter, body and answer type comes from
// openapi.ts, generated from RZ's OpenAPI document: `rz.get('/contacts', { query: { q } })`
// answers a ContactPage, `rz.post('/deals', { body })` takes a DealInput. Errors throw RzError.
import type { components, paths } from './openapi.ts';
import { RzError } from './errors.ts';

export type Schemas = components['schemas'];
export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The paths that have `method`. */
export type PathsWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type PathParams<O> = O extends { parameters: { path: infer X } } ? X : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type JsonBody<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never] ? never : NonNullable<R> extends { content: { 'application/json': infer B } } ? B : never
  : never;
type Json<R> = R extends { content: { 'application/json': infer D } } ? D : undefined;
/** The body of a success answer (2xx) of an operation; undefined for 204. */
export type Answer<O> = O extends { responses: infer R } ? { [S in keyof R & number]: `${S}` extends `2${string}` ? Json<R[S]> : never }[keyof R & number] : never;

/** What one request takes: `path` where the path has parameters, `body` where the operation takes one. */
export type RequestOptions<O> =
  & ([PathParams<O>] extends [never] ? { path?: undefined } : { path: PathParams<O> })
  & ([QueryParams<O>] extends [never] ? { query?: undefined } : { query?: QueryParams<O> })
  & ([JsonBody<O>] extends [never] ? { body?: undefined } : { body: JsonBody<O> })
  & {
    /** POST only: makes a retry safe; the same key and body replay the first answer for 48 hours. */
    idempotencyKey?: string;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type Args<O> = object extends RequestOptions<O> ? [options?: RequestOptions<O>] : [options: RequestOptions<O>];

export interface RzClientOptions {
  /** The server, e.g. `https://rz.example.com` (`/api/v1` is added), or the API base itself. */
  baseUrl: string;
  apiKey: string;
  /** Another fetch (a proxy agent, a test double); default: the global fetch. */
  fetch?: typeof fetch;
  /** Headers sent with every request (e.g. X-Request-Id of your own trace). */
  headers?: Record<string, string>;
}

/** A list page, as every list endpoint answers it. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
  total_relation: 'eq' | 'gte';
}

type ListOperation<P extends PathsWith<'get'>> = Answer<Operation<P, 'get'>> extends Page<unknown> ? P : never;
/** The list endpoints: the paths whose GET answers a page. */
export type ListPath = { [P in PathsWith<'get'>]: ListOperation<P> }[PathsWith<'get'>];
type ItemOf<P extends ListPath> = Answer<Operation<P, 'get'>> extends Page<infer T> ? T : never;

export class RzClient {
  readonly #api: string;
  readonly #key: string;
  readonly #fetch: typeof fetch;
  readonly #headers: Record<string, string>;

  constructor(options: RzClientOptions) {
    const base = options.baseUrl.replace(/\/+$/, '');
    this.#api = base.endsWith('/api/v1') ? base : `${base}/api/v1`;
    this.#key = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#headers = options.headers ?? {};
  }

  get<P extends PathsWith<'get'>>(path: P, ...args: Args<Operation<P, 'get'>>): Promise<Answer<Operation<P, 'get'>>> {
    return this.request('GET', path, args[0] as RawOptions) as Promise<Answer<Operation<P, 'get'>>>;
  }

  post<P extends PathsWith<'post'>>(path: P, ...args: Args<Operation<P, 'post'>>): Promise<Answer<Operation<P, 'post'>>> {
    return this.request('POST', path, args[0] as RawOptions) as Promise<Answer<Operation<P, 'post'>>>;
  }

  patch<P extends PathsWith<'patch'>>(path: P, ...args: Args<Operation<P, 'patch'>>): Promise<Answer<Operation<P, 'patch'>>> {
    return this.request('PATCH', path, args[0] as RawOptions) as Promise<Answer<Operation<P, 'patch'>>>;
  }

  delete<P extends PathsWith<'delete'>>(path: P, ...args: Args<Operation<P, 'delete'>>): Promise<Answer<Operation<P, 'delete'>>> {
    return this.request('DELETE', path, args[0] as RawOptions) as Promise<Answer<Operation<P, 'delete'>>>;
  }

  /**
   * Every row of a list, page after page (following next_cursor), as an async iterator:
   * `for await (const contact of rz.paginate('/contacts', { query: { q: 'ada' } }))`.
   */
  async *paginate<P extends ListPath>(path: P, ...args: Args<Operation<P, 'get'>>): AsyncGenerator<ItemOf<P>, void, undefined> {
    for await (const page of this.pages(path, ...args)) yield* page.items as Array<ItemOf<P>>;
  }

  /** The pages of a list, one request each, until next_cursor is null. */
  async *pages<P extends ListPath>(path: P, ...args: Args<Operation<P, 'get'>>): AsyncGenerator<Page<ItemOf<P>>, void, undefined> {
    const options = (args[0] ?? {}) as RawOptions;
    let cursor: string | undefined;
    do {
      const query = { ...options.query, ...(cursor ? { cursor } : {}) };
      const page = (await this.request('GET', path, { ...options, query })) as Page<ItemOf<P>>;
      yield page;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  async request(method: string, path: string, options: RawOptions = {}): Promise<unknown> {
    const url = new URL(this.#api + fillPath(path, options.path));
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', ...this.#headers, ...options.headers, authorization: `Bearer ${this.#key}` };
    // A POST without a body of its own (reopen, ping) sends an empty object.
    const payload = options.body !== undefined ? JSON.stringify(options.body) : method === 'POST' ? '{}' : undefined;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    const res = await this.#fetch(url, { method, headers, signal: options.signal, body: payload });
    const text = await res.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!res.ok) throw new RzError(res.status, body, res.headers);
    return body;
  }
}

interface RawOptions {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`RZ client: path parameter ${name} is missing for ${template}`);
    return encodeURIComponent(value);
  });
}
