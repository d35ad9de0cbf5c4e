/** A TCP proxy the test can cut: faults of the database (tests/integration/faults-live) or the live bus's broker. */
import net from "node:net";

/** A TCP proxy to `host:port` that can be cut (listening stops, open connections drop) and restored. */
export async function proxyTo(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const up = () =>
    new Promise<number>((resolve) => {
      const srv = net.createServer((c) => {
        const u = net.connect(port, host);
        sockets.add(c).add(u);
        const drop = () => (c.destroy(), u.destroy());
        c.on("error", drop).on("close", drop);
        u.on("error", drop).on("close", drop);
        c.pipe(u);
        u.pipe(c);
      });
      srv.listen(listenPort, "127.0.0.1", () => {
        server = srv;
        resolve((srv.address() as net.AddressInfo).port);
      });
    });
  let listenPort = 0;
  listenPort = await up();
  return {
    port: listenPort,
    up: () => up(),
    down: async () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      const srv = server;
      server = null;
      if (srv) await new Promise((r) => srv.close(r));
    },
  };
}
