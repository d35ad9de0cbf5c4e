/**
 * A tiny HTTP client for the load script: one cookie jar per simulated user, tRPC over HTTP
 * (superjson envelopes, no batching: GET for queries, POST for mutations) and the Auth.js
 * credentials sign-in (GET /api/auth/csrf, then POST /api/auth/callback/credentials with the token,
 * keeping the cookies). Every request carries a timeout, so the run always ends.
 */
import superjson from "superjson";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** tRPC code (CONFLICT, BAD_REQUEST…) or "HTTP_<status>" / "NETWORK" / "TIMEOUT" */
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const TIMEOUT_MS = 30_000;

/** The most specific name of a failed fetch: undici's cause code (ECONNRESET, UND_ERR_CONNECT_TIMEOUT…), else the error's. */
function causeCode(err: unknown): string {
  if (err instanceof HttpError) {
    const cause = (err as { cause?: { code?: string; name?: string } }).cause;
    return cause?.code ?? cause?.name ?? err.code;
  }
  const e = err as { cause?: { code?: string; name?: string }; code?: string; name?: string };
  return e?.cause?.code ?? e?.code ?? e?.name ?? "unknown";
}

export class Client {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  /** The same user (one cookie jar) talking to another instance of the app. */
  at(base: string): Client {
    const c = new Client(base);
    c.cookies = this.cookies;
    return c;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      if (i > 0) this.cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
    }
  }

  async fetch(path: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.cookieHeader());
    let res: Response;
    try {
      res = await fetch(this.base + path, { ...init, headers, redirect: "manual", signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const name = (err as Error).name;
      throw new HttpError(0, name === "TimeoutError" || name === "AbortError" ? "TIMEOUT" : "NETWORK", (err as Error).message, { cause: (err as Error).cause });
    }
    this.keep(res);
    return res;
  }

  private async unwrap<T>(res: Response): Promise<T> {
    const text = await res.text();
    let body: { result?: { data: unknown }; error?: { json?: { message: string; data?: { code?: string } } } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(res.status, `HTTP_${res.status}`, text.slice(0, 200));
    }
    if (body.error) {
      const e = body.error.json;
      throw new HttpError(res.status, e?.data?.code ?? `HTTP_${res.status}`, e?.message ?? "error");
    }
    return superjson.deserialize(body.result!.data as never) as T;
  }

  async query<T>(path: string, input: unknown): Promise<T> {
    const q = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
    return this.unwrap<T>(await this.fetch(`/api/trpc/${path}?input=${q}`));
  }

  async mutate<T>(path: string, input: unknown): Promise<T> {
    return this.unwrap<T>(
      await this.fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(superjson.serialize(input)) }),
    );
  }

  /** `mutate`, with the server's `Server-Timing` durations (ms by name; server/trpc-node.ts sends them to the load test's server). */
  async mutateTimed<T>(path: string, input: unknown): Promise<{ data: T; timing: Record<string, number> }> {
    const res = await this.fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(superjson.serialize(input)) });
    const timing: Record<string, number> = {};
    for (const part of (res.headers.get("server-timing") ?? "").split(",")) {
      const m = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)/.exec(part);
      if (m) timing[m[1]!] = Number(m[2]);
    }
    return { data: await this.unwrap<T>(res), timing };
  }

  /** Auth.js credentials sign-in; true when a session cookie came back. */
  async signIn(email: string, password: string): Promise<boolean> {
    const csrf = await this.fetch("/api/auth/csrf");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await this.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${this.base}/` }).toString(),
    });
    await res.arrayBuffer();
    return [...this.cookies.keys()].some((k) => k.endsWith("session-token"));
  }

  /**
   * Subscribe to a tRPC SSE subscription until `signal` aborts; calls `onData` per data message
   * (pings and connection events are not counted), and `onValue` with its value (superjson's `json`).
   * Resolves with why the stream ended (`closeReason`), or null when `signal` ended it.
   */
  async subscribe(path: string, input: unknown, signal: AbortSignal, onData: () => void, onValue?: (value: unknown) => void): Promise<string | null> {
    const q = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
    let res: Response;
    try {
      res = await this.fetch(`/api/trpc/${path}?input=${q}`, { headers: { accept: "text/event-stream" }, signal });
    } catch (err) {
      return signal.aborted ? null : `connect:${causeCode(err)}`;
    }
    if (res.status !== 200 || !res.body) {
      await res.arrayBuffer().catch(() => {});
      return signal.aborted ? null : `status:${res.status}`;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    let last = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return signal.aborted ? null : `ended:${last || "no frame"}`;
        buf += dec.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          if (event === "return" || event === "serialized-error") last = event;
          if (/^data:/m.test(block) && (event === undefined || event === "" || event === "message")) {
            onData();
            if (onValue) {
              const data = block
                .split("\n")
                .filter((l) => l.startsWith("data:"))
                .map((l) => l.slice(5).trimStart())
                .join("\n");
              try {
                const parsed = JSON.parse(data) as { json?: unknown };
                onValue(parsed && typeof parsed === "object" && "json" in parsed ? parsed.json : parsed);
              } catch {
                // not JSON: ignore
              }
            }
          }
        }
      }
    } catch (err) {
      return signal.aborted ? null : `read:${causeCode(err)}`;
    }
  }
}
