/**
 * A request for the in-process sandbox that is not a WHATWG Request until something asks for more
 * than the sandbox's Hono app reads (method, URL, headers by name, the body as text), the way
 * @hono/node-server hands incoming requests to Hono. Building an undici Request per call (its
 * URL parsed, its Headers validated and copied, an AbortSignal made and linked) cost more than
 * the rest of the call's plumbing together; what the sandbox reads costs a few property reads.
 */

/** What the proxy asks of the sandbox: the method, the URL, lower-case header names, the body text. */
export interface InProcessCall {
  method: string;
  url: string;
  headers: ReadonlyMap<string, string>;
  body: string | undefined;
}

/**
 * Header lookups over the call's own map. A real Headers is made only for a caller that iterates
 * them some other way (none in the sandbox today).
 */
class InProcessHeaders {
  readonly #values: ReadonlyMap<string, string>;

  constructor(values: ReadonlyMap<string, string>) {
    this.#values = values;
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  forEach(visit: (value: string, name: string, headers: InProcessHeaders) => void): void {
    for (const [name, value] of this.#values) visit(value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    yield* this.#values;
  }

  keys(): IterableIterator<string> {
    return this.#values.keys();
  }

  values(): IterableIterator<string> {
    return this.#values.values();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

class InProcessRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: InProcessHeaders;
  readonly #call: InProcessCall;
  #native: Request | undefined;

  constructor(call: InProcessCall) {
    this.method = call.method;
    this.url = call.url;
    this.headers = new InProcessHeaders(call.headers);
    this.#call = call;
  }

  text(): Promise<string> {
    return Promise.resolve(this.#call.body ?? '');
  }

  json(): Promise<unknown> {
    return this.text().then((text): unknown => JSON.parse(text));
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new TextEncoder().encode(this.#call.body ?? '').buffer);
  }

  /** The same request as a real one, made on first need and kept (anything past what the sandbox reads). */
  native(): Request {
    this.#native ??= new Request(this.url, {
      method: this.method,
      headers: [...this.#call.headers],
      body: this.#call.body,
    });
    return this.#native;
  }
}

// Everything else a Request has (its signal, body stream, mode, clone...) comes from the real one:
// a Request's own getters would refuse an object undici did not make.
for (const name of [
  'body',
  'bodyUsed',
  'cache',
  'credentials',
  'destination',
  'duplex',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
  'signal',
]) {
  Object.defineProperty(InProcessRequest.prototype, name, {
    get(this: InProcessRequest): unknown {
      return Reflect.get(this.native(), name);
    },
  });
}
for (const name of ['blob', 'bytes', 'clone', 'formData']) {
  Object.defineProperty(InProcessRequest.prototype, name, {
    value(this: InProcessRequest, ...args: unknown[]): unknown {
      const native = this.native();
      return Reflect.apply(Reflect.get(native, name) as (...values: unknown[]) => unknown, native, args);
    },
  });
}
// `instanceof Request` holds, as for @hono/node-server's own lightweight requests.
Object.setPrototypeOf(InProcessRequest.prototype, Request.prototype);

/**
 * The call as the Request the sandbox's `fetch` takes. The cast is the point: it is a Request in
 * everything the sandbox (Hono's routing, its context's header/query/body readers) reads.
 */
export function inProcessRequest(call: InProcessCall): Request {
  return new InProcessRequest(call) as unknown as Request;
}
