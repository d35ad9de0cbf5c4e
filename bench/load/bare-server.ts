/**
 * The reference for `npm run bench -- http`: a bare node:http + postgres.js server doing, per
 * POST, the SQL a move needs (BEGIN, SELECT … FOR UPDATE, INSERT the event, UPDATE the version,
 * pg_notify, COMMIT) with none of our code: no framework, no session, no engine. Its CPU per
 * request is the floor the app's CPU per move is compared with. Run as its own process
 * (`node --import tsx bench/load/bare-server.ts <port> <database url>`), loopback only.
 */
import { createServer } from "node:http";
import postgres from "postgres";

const [port, url] = process.argv.slice(2);
const sql = postgres(url!, { max: 10, onnotice: () => {} });
await sql`create table if not exists bench_bare (id int primary key, version int not null)`;
await sql`create table if not exists bench_bare_events (id int, seq int, client_id uuid, payload jsonb, primary key (id, seq), unique (id, client_id))`;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    void (async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; clientId: string; action: unknown };
      const version = await sql.begin(async (tx) => {
        await tx`insert into bench_bare values (${body.id}, 0) on conflict do nothing`;
        const [row] = await tx`select version from bench_bare where id = ${body.id} for update`;
        const v = (row!.version as number) + 1;
        await tx`insert into bench_bare_events values (${body.id}, ${v}, ${body.clientId}, ${tx.json(body.action as never)})`;
        await tx`update bench_bare set version = ${v} where id = ${body.id}`;
        await tx`select pg_notify('bench_bare', ${String(v)})`;
        return v;
      });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ version }));
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
});
server.listen(Number(port), "127.0.0.1", () => console.log("BARE_READY"));
process.once("SIGTERM", () => {
  server.close();
  void sql.end({ timeout: 2 }).finally(() => process.exit(0));
});
