import type { FetchInit, FetchResponse } from '@folio/shared';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/** A `fetch` for tus requests: the platform's, or a fake server's in tests. Parts may be Blobs. */
export type TusFetch = (
  url: string,
  init: Omit<FetchInit, 'body'> & { body?: FetchInit['body'] | Blob },
) => Promise<FetchResponse>;

/**
 * tus-js-client's HTTP over `fetch`. Its browser build sends with XMLHttpRequest, which a Chrome MV3
 * service worker does not have, so without this every upload in parts would fail there as a lost
 * connection. `fetch` reports no upload progress; tus-js-client still reports each part once it is sent.
 */
export class FetchHttpStack implements HttpStack {
  constructor(private readonly fetchFn: TusFetch = (url, init) => globalThis.fetch(url, init)) {}

  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(method, url, this.fetchFn);
  }

  getName(): string {
    return 'FetchHttpStack';
  }
}

class FetchRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();

  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly fetchFn: TusFetch,
  ) {}

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header];
  }

  setProgressHandler(): void {}

  async send(body: unknown): Promise<HttpResponse> {
    const res = await this.fetchFn(this.url, {
      method: this.method,
      headers: this.headers,
      body: (body ?? undefined) as FetchInit['body'] | Blob | undefined,
      signal: this.controller.signal,
    });
    return new FetchHttpResponse(res, await res.text());
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }

  getUnderlyingObject(): unknown {
    return this.controller;
  }
}

class FetchHttpResponse implements HttpResponse {
  constructor(
    private readonly res: FetchResponse,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.res.status;
  }

  getHeader(header: string): string | undefined {
    return this.res.headers.get(header) ?? undefined;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): unknown {
    return this.res;
  }
}
